import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactRequestSchema, type ContactRequest } from '@redflag/contracts/contact';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import {
  Form,
  FormAlert,
  LabelledFormField,
  TextFormField,
  serverFieldErrors,
  setFieldErrors,
} from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSendContact } from '../api/send-contact';

const FIELD_LABELS = { name: 'your name', email: 'your email address', message: 'a message' } as const;

/**
 * Field messages for the contract's checks (packages/contracts/src/contact.ts states the rules, not the
 * words): an empty field names what is missing, a malformed address says so.
 */
const resolver = zodResolver(contactRequestSchema, {
  error: (issue) => {
    const field = issue.path?.[0];
    const label =
      typeof field === 'string' && field in FIELD_LABELS ? FIELD_LABELS[field as keyof typeof FIELD_LABELS] : null;
    if (issue.code === 'too_small' && label) return `Please enter ${label}`;
    if (issue.code === 'too_big') return `This is too long (at most ${String(issue.maximum)} characters)`;
    if (issue.code === 'invalid_format' && field === 'email') return 'Please enter a valid email address';
    return undefined;
  },
});

type Failure = { title: string; description: string };

/**
 * CONTACT US (docs/product.md sections 2, 5, 8); LazyContactDialog opens it on `openContactDialog`.
 * Missing fields and a failed send are said inline and what was typed stays; only a sent
 * message clears the form and closes the dialog.
 */
export function ContactDialog({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendContact();
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<ContactRequest, unknown, ContactRequest>({
    resolver,
    defaultValues: { name: '', email: '', message: '' },
  });

  const submit = form.handleSubmit(
    (values) => {
      setFailure(null);
      send.mutate(values, {
        onSuccess: () => {
          toast({ title: 'Message Sent!', description: "Thanks for reaching out. We'll get back to you soon." });
          form.reset();
          setOpen(false);
        },
        onError: (error) => {
          if (setFieldErrors(form, serverFieldErrors(error), ['name', 'email', 'message'])) return;
          setFailure({ title: 'Error', description: 'Failed to send message. Please try again.' });
        },
      });
    },
    (errors) => {
      // docs/product.md §5: an empty field is "Missing Information: Please fill in all fields."
      const missing = Object.values(errors).some((e) => e?.type === 'too_small');
      setFailure(missing ? { title: 'Missing Information', description: 'Please fill in all fields.' } : null);
    },
  );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent size="md" data-testid="contact-dialog">
        <DialogHeader>
          <DialogTitle className="text-2xl font-black tracking-wide">CONTACT US</DialogTitle>
          <DialogDescription>Questions about a message, your account or billing? We read every note.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <TextFormField control={form.control} name="name" label="Name" autoComplete="name" />
            <TextFormField control={form.control} name="email" label="Email" type="email" autoComplete="email" />
            <LabelledFormField control={form.control} name="message" label="Message">
              {(field) => <Textarea {...field} rows={5} />}
            </LabelledFormField>
            {failure ? <FormAlert title={failure.title}>{failure.description}</FormAlert> : null}
            <Button type="submit" size="lg" disabled={send.isPending}>
              {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
              {send.isPending ? 'SENDING...' : 'SEND MESSAGE'}
            </Button>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
