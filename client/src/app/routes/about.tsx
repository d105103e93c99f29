import { HeartHandshake, ScanSearch, ShieldCheck, Users } from 'lucide-react';
import { PageBody, PageHeader, Prose } from '@/components/layout/page-header';
import { useSupportEmail } from '@/lib/public-config';

const VALUES = [
  {
    icon: Users,
    title: 'Built for everyone',
    text: 'Scammers write to everyone: by text, e-mail, WhatsApp, dating apps and marketplaces. Every pattern we check comes from real reports, whoever they were sent to.',
  },
  {
    icon: ScanSearch,
    title: 'Reasons, not riddles',
    text: 'A score alone is not enough. Each result tells you which words, links, numbers or addresses raised the flag, so you can decide with confidence.',
  },
  {
    icon: ShieldCheck,
    title: 'Claims we can measure',
    text: 'Our detection is tested on public, labelled datasets and we publish the result beside the dataset name. If a number is on our site, it came from a test.',
  },
  {
    icon: HeartHandshake,
    title: 'Privacy by default',
    text: "We check your message and store it only in your own scan history. We don't sell data, and you can export or delete everything yourself.",
  },
] as const;

export function AboutPage() {
  const supportEmail = useSupportEmail();
  return (
    <>
      <title>About RedFlag · The team that helps people spot scams</title>
      <PageHeader eyebrow="About us" title="The team that helps people spot scams">
        <p>
          RedFlag is built by people who have spent years helping people spot fraud before money or personal details
          change hands, whether the message came by text, e-mail or a marketplace chat.
        </p>
      </PageHeader>
      <PageBody>
        <Prose>
          <h2>Why we built RedFlag</h2>
          <p>
            It usually starts with a message that feels slightly off: a buyer who offers more than your asking price, a
            "delivery problem" text with a link, a new match who needs help with a gift card. Most people can tell
            something is wrong; what they lack is a fast, second opinion before they reply.
          </p>
          <p>
            Our team has worked on trust and safety for online marketplaces, payments and messaging. We saw the same
            scripts used again and again against people who were simply trying to sell a couch, rent a room or meet
            someone new. RedFlag turns that experience into a tool anyone can use in seconds.
          </p>
          <h2>What RedFlag does</h2>
          <p>
            Paste a suspicious message, optionally add the sender's phone number, email address and where the message
            arrived. RedFlag combines a trained language model with explainable red-flag rules and checks on links,
            phone numbers and email domains. You get a risk score from 0 to 100, a verdict, the likely scam type and the
            specific reasons behind it.
          </p>
        </Prose>

        <ul className="mt-12 grid gap-4 sm:grid-cols-2">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <span className="grid size-11 place-items-center rounded-xl bg-brand-600 text-white">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700">{text}</p>
            </li>
          ))}
        </ul>

        <div className="mt-12">
          <Prose>
            <h2>Talk to us</h2>
            <p>
              Found a scam we missed, or want RedFlag for your community or marketplace? Write to{' '}
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>. A real person on our team reads every message.
            </p>
          </Prose>
        </div>
      </PageBody>
    </>
  );
}
