import { Pause, Play, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { TESTIMONIALS, type Testimonial } from '../utils/testimonials';

const AVATAR_COLOURS = [
  'bg-brand-600',
  'bg-ink-700',
  'bg-blue-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-violet-700',
] as const;

function TestimonialCard({ testimonial, index }: { testimonial: Testimonial; index: number }) {
  return (
    <figure className="flex h-full w-80 flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div role="img" className="flex gap-0.5 text-amber-500" aria-label="Rated 5 out of 5">
        {Array.from({ length: 5 }, (_, i) => (
          <Star key={i} aria-hidden="true" className="size-4 fill-current" />
        ))}
      </div>
      <blockquote className="mt-4 flex-1 text-[0.9375rem] leading-relaxed text-slate-700">
        “{testimonial.quote}”
      </blockquote>
      <figcaption className="mt-6 flex items-center gap-3">
        <span
          aria-hidden="true"
          className={cn(
            'grid size-10 place-items-center rounded-full text-sm font-bold text-white',
            AVATAR_COLOURS[index % AVATAR_COLOURS.length],
          )}
        >
          {testimonial.avatar}
        </span>
        <span>
          <span className="block text-sm font-bold text-slate-900">{testimonial.name}</span>
          <span className="block text-xs text-slate-600">{testimonial.role}</span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * TRUSTED BY THOUSANDS OF USERS: twelve 320px cards in an endless 40 s loop. The list is rendered twice so
 * that translating by -50% wraps seamlessly; the copy is hidden from assistive technology. The loop stops
 * under prefers-reduced-motion (index.css), on hover or focus, and with the pause button (WCAG 2.2.2).
 */
export function TestimonialsStrip() {
  const [paused, setPaused] = useState(false);
  return (
    <section aria-labelledby="testimonials-title" className="overflow-hidden bg-slate-50 py-20 md:py-28">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 sm:px-6 md:flex-row md:items-end md:justify-between lg:px-8">
        <div>
          <h2
            id="testimonials-title"
            className="text-3xl font-black uppercase tracking-tight text-slate-900 md:text-5xl"
          >
            Trusted by thousands of users
          </h2>
          <p className="mt-3 text-base text-slate-700 md:text-lg">Real protection from all types of scams</p>
        </div>
        <Button
          variant="outline"
          size="sm"
          aria-pressed={paused}
          onClick={() => setPaused((value) => !value)}
          className="self-start md:self-auto motion-reduce:hidden"
        >
          {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          {paused ? 'Play' : 'Pause'} testimonials
        </Button>
      </div>

      {/* Focusable so keyboard users can scroll it when motion is reduced; focus also pauses the loop. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Testimonials"
        className="group mt-12 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_5%,black_95%,transparent)] motion-reduce:overflow-x-auto"
      >
        <ul
          data-testid="testimonials-track"
          className={cn(
            'marquee-track flex w-max animate-marquee group-hover:[animation-play-state:paused] group-focus-within:[animation-play-state:paused]',
            paused && '[animation-play-state:paused]',
          )}
        >
          {[...TESTIMONIALS, ...TESTIMONIALS].map((testimonial, index) => {
            const copy = index >= TESTIMONIALS.length;
            return (
              <li
                key={`${testimonial.id}-${copy ? 'b' : 'a'}`}
                aria-hidden={copy || undefined}
                data-testimonial={copy ? undefined : testimonial.id}
                className="pr-6"
              >
                <TestimonialCard testimonial={testimonial} index={index % TESTIMONIALS.length} />
              </li>
            );
          })}
        </ul>
      </div>
      <p className="mx-auto mt-8 max-w-7xl px-4 text-xs text-slate-600 sm:px-6 lg:px-8">
        Illustrative stories based on the scams people report most often. Names and details are examples.
      </p>
    </section>
  );
}
