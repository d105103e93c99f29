import { Check, Copy, LoaderCircle, MailCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { FormAlert } from '@/components/ui/form';
import { useForwardingAddress, useRenewForwardingAddress } from '../api/forwarding-address';

/**
 * /account: the private address to forward a suspicious e-mail to (docs/decisions/104). The verdict comes
 * back to the account's own address. Like an API key the address is kept only as a hash (docs/decisions/110):
 * shown whole once, when it is made, then by its first characters. Renewing gives a new address and the old
 * one stops working (for an address that leaked or was not saved). Not shown when the server takes no mail.
 */
export function ForwardingAddressSection() {
  const address = useForwardingAddress();
  const renew = useRenewForwardingAddress();
  const [copied, setCopied] = useState(false);
  const [confirmRenew, setConfirmRenew] = useState(false);

  // Nothing while loading either: on a server that takes no mail the section never flashes up.
  if (address.isPending || (address.isSuccess && !address.data.enabled)) return null;
  // The whole address: only in the answer that made it (the first read or a renewal).
  const whole = address.data?.address ?? null;

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Card data-testid="forwarding-address">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight text-slate-900">
          <MailCheck aria-hidden="true" className="size-5" />
          Check an e-mail by forwarding it
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm text-slate-600">
          Forward a suspicious e-mail to your private address below, from the e-mail address of your RedFlag account
          (mail from any other address is refused). We check it like a pasted message (it counts toward your plan), keep
          it in your history, and e-mail the verdict back to you, never to the sender. Attachments are ignored.
        </p>
        {address.isError ? (
          <FormAlert title="Your forwarding address could not be loaded">
            <Button type="button" variant="outline" size="sm" onClick={() => void address.refetch()}>
              Try again
            </Button>
          </FormAlert>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <code
                data-testid="forwarding-address-value"
                className="min-w-0 break-all rounded-md bg-slate-100 px-3 py-2 font-mono text-sm text-slate-900"
              >
                {whole ?? address.data.hint}
              </code>
              {whole ? (
                <Button type="button" variant="outline" size="sm" onClick={() => void copy(whole)}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? 'Copied' : 'Copy'}
                </Button>
              ) : null}
            </div>
            {whole ? (
              <p className="text-sm text-slate-600">
                Save it now, for example as a contact: for your safety it is shown in full only this once. Keep it to
                yourself.
              </p>
            ) : (
              <p className="text-sm text-slate-600">
                For your safety we keep only a fingerprint of your address, so it was shown in full once, when it was
                made. Saved it? It keeps working. Lost it? Get a new one with Renew address.
              </p>
            )}
            {confirmRenew ? (
              <div
                role="group"
                aria-label="Renew your forwarding address"
                className="grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950"
              >
                <p>The current address will stop working at once. Mail sent to it afterwards is refused.</p>
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="button"
                    size="sm"
                    disabled={renew.isPending}
                    onClick={() =>
                      renew.mutate(undefined, {
                        onSuccess: () => {
                          setConfirmRenew(false);
                          setCopied(false);
                        },
                      })
                    }
                  >
                    {renew.isPending ? (
                      <LoaderCircle aria-hidden="true" className="animate-spin" />
                    ) : (
                      <RefreshCw aria-hidden="true" />
                    )}{' '}
                    Get a new address
                  </Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => setConfirmRenew(false)}>
                    Keep this one
                  </Button>
                </div>
                {renew.isError ? (
                  <p role="alert" className="font-semibold text-red-700">
                    The address could not be renewed. Try again.
                  </p>
                ) : null}
              </div>
            ) : (
              <div>
                <Button type="button" variant="outline" size="sm" onClick={() => setConfirmRenew(true)}>
                  <RefreshCw aria-hidden="true" /> Renew address
                </Button>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
