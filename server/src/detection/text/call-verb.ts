/**
 * The one list of words that ask you to call, text or dial what follows them, and its two reaches: a number
 * the message asks you to call (evidence.ts, up to 50 characters after the verb) and an alert's helpline
 * (alert.ts, which also reads "helpline", "customer care", "WA" and stops at a digit, up to 40 characters).
 */
const CALL_WORDS = 'call|ring|dial|phone|text|txt|sms|whats ?app|contact|reach';
/** What an alert also says before its helpline. */
const HELPLINE_WORDS = 'wa|helpline|hotline|customer care|care';

/** Words that ask you to call or text the number that follows them (test the text just before the number). */
export const CALL_VERB_BEFORE = new RegExp(`\\b(?:${CALL_WORDS})\\b[^\\n]{0,50}$`, 'i');
/** The same, for an alert's contact point: helpline words too, and no digit between verb and number. */
export const CALL_VERB_BEFORE_CONTACT = new RegExp(`\\b(?:${CALL_WORDS}|${HELPLINE_WORDS})\\b[^\\n\\d+*]{0,40}$`, 'i');
