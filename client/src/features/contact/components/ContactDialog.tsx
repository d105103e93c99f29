import { LoaderCircle } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { useSendContact } from '../api/send-contact';

/** CONTACT US (product-spec.md sections 2, 5, 8); LazyContactDialog opens it on `openContactDialog`. */
export function ContactDialog({
  open,
  onOpenChange: setOpen,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendContact();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim() || !email.trim() || !message.trim()) {
      toast({ title: 'Missing Information', description: 'Please fill in all fields.', variant: 'destructive' });
      return;
    }
    send.mutate(
      { name: name.trim(), email: email.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Message Sent!', description: "Thanks for reaching out. We'll get back to you soon." });
          setName('');
          setEmail('');
          setMessage('');
          setOpen(false);
        },
        onError: () => {
          toast({ title: 'Error', description: 'Failed to send message. Please try again.', variant: 'destructive' });
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent size="md" data-testid="contact-dialog">
        <DialogHeader>
          <DialogTitle className="text-2xl font-black tracking-wide">CONTACT US</DialogTitle>
          <DialogDescription>Questions about a message, your account or billing? We read every note.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              required
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea
              id={`${id}-message`}
              name="message"
              rows={5}
              maxLength={5000}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              required
            />
          </div>
          <Button type="submit" size="lg" disabled={send.isPending}>
            {send.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {send.isPending ? 'SENDING...' : 'SEND MESSAGE'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
