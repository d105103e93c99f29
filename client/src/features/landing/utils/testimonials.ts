/** product-spec.md section 3 "Testimonial sample": 12 illustrative entries for the landing strip. */
export interface Testimonial {
  id: string;
  name: string;
  role: string;
  /** Initials shown in the avatar circle. */
  avatar: string;
  quote: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    id: 't01',
    name: 'Maria Gonzalez',
    role: 'Facebook Marketplace seller',
    avatar: 'MG',
    quote:
      'A "buyer" offered $300 over my asking price and wanted me to refund the difference to his mover. RedFlag called it an overpayment scam in seconds.',
  },
  {
    id: 't02',
    name: 'James Whitaker',
    role: 'Retired teacher',
    avatar: 'JW',
    quote:
      'I got a text saying my grandson was in jail and needed bail in gift cards. RedFlag showed me exactly why it was fake before I went to the store.',
  },
  {
    id: 't03',
    name: 'Priya Nair',
    role: 'Etsy shop owner',
    avatar: 'PN',
    quote:
      'Fake "Etsy support" emails look more real every month. Now I paste anything about my payouts into RedFlag before clicking a link.',
  },
  {
    id: 't04',
    name: 'Daniel Brooks',
    role: 'Craigslist landlord',
    avatar: 'DB',
    quote:
      "A renter wanted to pay the deposit by cashier's check without seeing the flat. The red flags it listed were the same ones my bank explained later.",
  },
  {
    id: 't05',
    name: 'Aisha Karim',
    role: 'Dating-app user',
    avatar: 'AK',
    quote:
      'He was charming for three weeks, then asked me to "invest" in crypto with him. RedFlag named it a romance investment scam. I blocked him that night.',
  },
  {
    id: 't06',
    name: 'Tom Lindqvist',
    role: 'OfferUp reseller',
    avatar: 'TL',
    quote:
      'Someone kept asking me to read back a six-digit code "to prove I\'m real". RedFlag flagged the verification-code trick straight away.',
  },
  {
    id: 't07',
    name: 'Grace Okafor',
    role: 'Online shopper',
    avatar: 'GO',
    quote:
      'The "unpaid toll" text had a link that looked official. The score came back 91 with the fake domain highlighted. Saved me my card details.',
  },
  {
    id: 't08',
    name: 'Robert Chen',
    role: 'eBay power seller',
    avatar: 'RC',
    quote:
      'I check every off-platform payment request now. It takes ten seconds and it has already stopped two fake PayPal confirmations.',
  },
  {
    id: 't09',
    name: 'Linda Morales',
    role: 'Small-business owner',
    avatar: 'LM',
    quote:
      'An email "from our bank" asked us to update payee details. RedFlag spotted the look-alike address that two of us had missed.',
  },
  {
    id: 't10',
    name: "Kevin O'Neill",
    role: 'College student',
    avatar: 'KO',
    quote:
      'A remote job paid $40 an hour for "liking products" and then wanted a deposit. RedFlag explained the task-scam pattern better than any article.',
  },
  {
    id: 't11',
    name: 'Helen Park',
    role: 'Caregiver for her parents',
    avatar: 'HP',
    quote:
      'My dad forwards me every strange message. Now we run them through RedFlag together and he is learning to spot the signs himself.',
  },
  {
    id: 't12',
    name: 'Samuel Adeyemi',
    role: 'WhatsApp group admin',
    avatar: 'SA',
    quote:
      'Our community group gets fake giveaway messages every week. Being able to show members the reasons makes the warnings land.',
  },
];
