import { z } from 'zod';

/**
 * The account's private forwarding address (GET /api/forwarding-address, POST .../renew): mail forwarded to
 * it is scanned for the account and the verdict is mailed back to the account's own address. `enabled` is
 * false (and `address` null) when the server takes no mail (INBOUND_SMTP_PORT unset).
 */
export const forwardingAddressSchema = z.object({
  enabled: z.boolean(),
  address: z.string().nullable(),
});
export type ForwardingAddress = z.infer<typeof forwardingAddressSchema>;
