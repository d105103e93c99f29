/**
 * Conversations written for the tests (never used in training): three scams that begin by asking for
 * nothing and an ordinary family chat about money. `red` is the index of the turn where each scam turned.
 */
export const PIG_BUTCHERING = {
  text: [
    '[14/02/2025, 19:02:11] Lena Zhou: Hello, is this Mr. Parker? My aunt gave me your number for the piano lessons',
    '[14/02/2025, 19:10:40] Tom: No sorry, wrong person',
    "[14/02/2025, 19:11:05] Lena Zhou: Oh I'm so sorry to bother you! You seem very polite. I'm Lena, I live in Seattle and work in fashion design",
    '[14/02/2025, 19:15:22] Tom: No problem. I am in Denver',
    '[15/02/2025, 08:30:02] Lena Zhou: Good morning Tom! Did you sleep well? I just finished my yoga, I love starting the day slowly',
    '[15/02/2025, 08:45:13] Tom: Morning, yes thanks',
    '[16/02/2025, 20:01:54] Lena Zhou: My uncle is an analyst at a crypto trading platform, he teaches me and I made 30% profit this week on the gold contracts',
    '[16/02/2025, 20:05:10] Tom: Wow really? How does it work?',
    '[16/02/2025, 20:07:31] Lena Zhou: It is easy, download the app from this link https://coinvex-pro.top/register and deposit 1000 USDT, I will guide you step by step',
    '[16/02/2025, 20:20:18] Tom: I will think about it',
  ].join('\n'),
  red: 6,
};

export const MARKETPLACE_CODE = {
  text: [
    '3/8/25, 10:12 AM - Kevin Buyer: Hi is the bike still available?',
    '3/8/25, 10:14 AM - Sam: Yes it is, $150',
    '3/8/25, 10:15 AM - Kevin Buyer: Great, I can pay the full price. Can I come see it tomorrow?',
    '3/8/25, 10:16 AM - Sam: Sure, afternoon works',
    '3/8/25, 10:20 AM - Kevin Buyer: Before I drive over I need to verify you are real. I am sending a Google Voice code to your phone, please tell me the 6 digit code',
    '3/8/25, 10:22 AM - Sam: What code?',
  ].join('\n'),
  red: 4,
};

export const NEW_NUMBER = {
  text: [
    'Them: Hi Mum, this is my new number, I dropped my phone in the bath 🙈',
    'Me: Oh no! Is that you Jess?',
    'Them: Yes its me. You can delete the old number',
    'Me: Ok saved it x',
    'Them: Mum I need a favour, I have to pay a bill today but my banking app is locked on the new phone. Can you transfer £1,450 for me and I will pay you back tomorrow?',
    'Me: Which bill?',
  ].join('\n'),
  red: 4,
};

export const FAMILY_MONEY = {
  text: [
    '12.03.25, 18:02 - Mama: Hallo Schatz, bist du gut angekommen?',
    '12.03.25, 18:20 - Lukas: Ja, alles gut, danke! Die Wohnung ist schön',
    '12.03.25, 18:21 - Mama: Schön! Papa hat dir die 200 Euro für die Kaution überwiesen, schau mal ob es da ist',
    '12.03.25, 18:40 - Lukas: Ist angekommen, danke euch! Ich zahle es euch im April zurück',
    '12.03.25, 18:42 - Mama: Eilt nicht. Kommst du Sonntag zum Essen? Oma hat Geburtstag',
    '12.03.25, 18:45 - Lukas: Ja klar, ich bringe Kuchen mit',
  ].join('\n'),
};
