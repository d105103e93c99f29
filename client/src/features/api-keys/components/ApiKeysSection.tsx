import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, KeyRound, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  createApiKeyRequestSchema,
  type ApiKey,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from '@redflag/contracts/api';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Form, FormAlert, serverFieldErrors, setFieldErrors, TextFormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

/**
 * API keys on /account: create a key for the public API (/v1, documented at /api/docs),
 * see it once to copy it, list the keys by name, prefix and last use, and revoke one.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <Card>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-bold leading-tight tracking-tight text-slate-900">
          <KeyRound aria-hidden="true" className="size-5" />
          API keys
        </h2>
      </CardHeader>
      <CardContent className="grid gap-5">
        <p className="text-sm text-slate-600">
          Scan messages from your own code with the RedFlag API. Scans made with a key count toward your plan, as on the
          web. Read the{' '}
          <a href="/api/docs" className="font-semibold text-brand-700 underline underline-offset-2">
            API reference
          </a>
          .
        </p>
        {created ? (
          <NewKey created={created} onDone={() => setCreated(null)} />
        ) : (
          <CreateKeyForm onCreated={setCreated} />
        )}
        {keys.isPending ? (
          <p className="text-sm text-slate-600">Loading your keys…</p>
        ) : keys.isError ? (
          <FormAlert title="Your API keys could not be loaded">
            <Button type="button" variant="outline" size="sm" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </FormAlert>
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-slate-600">You have no API keys yet.</p>
        ) : (
          <ul aria-label="Your API keys" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {keys.data.map((key) => (
              <KeyRow key={key.id} apiKey={key} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CreateApiKeyRequest>({
    resolver: zodResolver(createApiKeyRequestSchema),
    defaultValues: { name: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(values));
      form.reset();
    } catch (err) {
      if (!setFieldErrors(form, serverFieldErrors(err), ['name']))
        setFormError(err instanceof Error ? err.message : 'The key could not be created.');
    }
  });
  return (
    <Form {...form}>
      <form
        onSubmit={(e) => void submit(e)}
        noValidate
        className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
        aria-label="Create an API key"
      >
        <TextFormField
          control={form.control}
          name="name"
          label="Key name"
          placeholder="e.g. Support inbox"
          autoComplete="off"
        />
        <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
          {create.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null} Create key
        </Button>
        {formError ? <FormAlert title={formError} className="sm:col-span-2" /> : null}
      </form>
    </Form>
  );
}

/** The new key, this once: it is stored only as a hash and cannot be shown again. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setCopied(true);
  };
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-bold">Copy your new key “{created.name}” now. You will not be able to see it again.</p>
      <div className="flex gap-2">
        <Input
          readOnly
          value={created.key}
          aria-label="Your new API key"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />} {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <div>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="grid gap-2 p-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center" data-testid="api-key-row">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {apiKey.name}{' '}
          <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">{apiKey.prefix}…</code>
        </p>
        <p className="text-slate-600">
          Created {when(apiKey.createdAt)} · {apiKey.lastUsedAt ? `Last used ${when(apiKey.lastUsedAt)}` : 'Never used'}
          {apiKey.revokedAt ? ` · Revoked ${when(apiKey.revokedAt)}` : ''}
        </p>
      </div>
      {apiKey.revokedAt ? (
        <span className="text-xs font-bold uppercase tracking-wide text-slate-500">Revoked</span>
      ) : confirming ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-700">Apps using it will stop working.</span>
          <Button
            type="button"
            variant="destructive"
            size="sm"
            disabled={revoke.isPending}
            onClick={() => void revoke.mutateAsync(apiKey.id).catch(() => setConfirming(false))}
          >
            Revoke key
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Revoke ${apiKey.name}`}
        >
          Revoke
        </Button>
      )}
    </li>
  );
}
