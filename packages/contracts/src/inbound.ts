import { z } from 'zod';

/**
 * The account's private forwarding address (GET /api/forwarding-address, POST .../renew): mail forwarded to
 * it from the account's own e-mail address is scanned for the account and the verdict is mailed back there.
 * Like an API key, the address is kept only as a hash: `address` is the whole address in the answer that
 * made it (the first read, or a renewal) and null afterwards, when `hint` names it by its first characters
 * (`check+abcd…@domain`). `enabled` is false (and both null) when the server takes no mail
 * (INBOUND_SMTP_PORT unset).
 */
export const forwardingAddressSchema = z.object({
  enabled: z.boolean(),
  address: z.string().nullable(),
  hint: z.string().nullable(),
});
export type ForwardingAddress = z.infer<typeof forwardingAddressSchema>;
