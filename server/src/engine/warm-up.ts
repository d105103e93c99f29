import type { EngineInput } from '../detection/engine-input.ts';

/**
 * Invented messages that take every path of the engine a scan may take: a link, a number, a sender address,
 * a marketplace chat and an ordinary note. Never anyone's message.
 */
export const WARM_UP: readonly EngineInput[] = [
  {
    message:
      'USPS: your parcel is on hold for an unpaid fee of $1.99. Pay today at https://parcel-fee.example/pay or call +1 202 555 0143.',
    platform: 'sms',
    phoneNumber: '+1 202 555 0143',
    email: 'notice@parcel-fee.example',
  },
  {
    message: 'Is the bike still available? I can send the deposit by Zelle and my courier will pick it up.',
    platform: 'facebook',
  },
  { message: 'Hi, running ten minutes late, see you at the cafe.' },
];
