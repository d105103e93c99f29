import { describe, expect, it } from 'vitest';
import { analyzeLocal } from './analyze.ts';
import { analyzeLinks } from './url/links.ts';

// A link to a well-known platform's own host is not a look-alike or "a misspelling" of that
// platform (url/brands.ts: Discord and Telegraph known by their hosts; url/popular.ts: the most-visited sites).

const DISCORD_PHOTO =
  'Photos from the party: https://cdn.discordapp.com/attachments/1102345678901234567/1109876543210987654/IMG_2041.png';
const TELEGRAPH = 'I wrote up the trip here: https://telegra.ph/My-trip-to-Lisbon-05-14';
const DISCORD_INVITE = 'Hey, join our book club server: https://discordapp.com/invite/bookclub';

const linkReasons = (message: string) =>
  analyzeLocal({ message })
    .reasonDetails.map((r) => r.id)
    .filter((id) => id.startsWith('link_'));

describe("a well-known platform's own host", () => {
  it('a telegra.ph article is not "a misspelling of Telegram", and scores below 40', () => {
    const r = analyzeLocal({ message: TELEGRAPH });
    expect(r.reasonDetails.map((d) => d.id)).not.toContain('link_typosquat');
    expect(r.riskScore).toBeLessThan(40);
  });

  it("Discord's CDN, its invites and Telegraph are the platform's own hosts, with no look-alike flag", () => {
    for (const [message, brand] of [
      [DISCORD_PHOTO, 'Discord'],
      [DISCORD_INVITE, 'Discord'],
      ['https://discord.gg/bookclub', 'Discord'],
      ['https://media.discordapp.net/attachments/1/2/IMG_2041.png', 'Discord'],
      [TELEGRAPH, 'Telegraph'],
      ['https://graph.org/Sourdough-notes-03-02', 'Telegraph'],
    ] as const) {
      const [link] = analyzeLinks(message);
      expect(link?.officialBrand, message).toBe(brand);
      expect(link?.impersonates, message).toEqual([]);
      expect(linkReasons(message), message).toEqual([]);
    }
    expect(analyzeLocal({ message: DISCORD_PHOTO }).reasonDetails.map((d) => d.id)).toContain('official_link');
  });

  it("the most-visited sites' own names are no look-alike of their brand; a name below them still is", () => {
    for (const host of ['google.de', 'amazon.co.jp', 'telegram.me', 'windows.net', 'livejournal.com'])
      expect(analyzeLinks(`https://${host}/x`)[0]?.impersonates, host).toEqual([]);
    expect(analyzeLinks('https://paypal-login.livejournal.com/x')[0]?.flags).toContain('brand_in_domain');
  });

  it('look-alikes of these platforms are still caught, and naming Discord in text is no brand claim', () => {
    expect(analyzeLinks('https://telegrarn.org/login')[0]?.impersonates).toContain('Telegram');
    const nitro = analyzeLocal({
      message:
        'Discord is giving away free Nitro for 3 months! Claim it before it expires: https://discord-nitro.top/claim',
    });
    expect(nitro.riskScore).toBeGreaterThanOrEqual(70);
    expect(linkReasons('Join my Discord server, details at https://bookclub.example/join')).not.toContain(
      'link_brand_mismatch',
    );
  });
});

describe("a message whose only links are a platform's own hosts, and nothing else raised", () => {
  it('a Discord CDN photo, a telegra.ph article and a Discord invite score below 40, with the cap on the record', () => {
    for (const message of [DISCORD_PHOTO, TELEGRAPH, DISCORD_INVITE, 'https://discord.gg/bookclub']) {
      const r = analyzeLocal({ message });
      expect(r.riskScore, message).toBeLessThan(40);
    }
    expect(analyzeLocal({ message: DISCORD_INVITE }).policy?.map((p) => p.id)).toContain('platform_link_cap');
  });

  it('a scam that sends you to a platform host is still flagged by what it asks', () => {
    const r = analyzeLocal({
      message:
        'Congratulations, you won a free Discord Nitro giveaway! Verify your account and send a $5 activation fee to claim it: https://discord.gg/nitro-claim',
    });
    expect(r.riskScore).toBeGreaterThanOrEqual(40);
    expect(r.policy?.map((p) => p.id) ?? []).not.toContain('platform_link_cap');
  });

  it('a link off the platform beside one on it is not excused', () => {
    const r = analyzeLocal({
      message: 'Photos: https://cdn.discordapp.com/attachments/1/2/a.png and the rest at https://bit.ly/3xYzAbc',
    });
    expect(r.policy?.map((p) => p.id) ?? []).not.toContain('platform_link_cap');
  });
});
