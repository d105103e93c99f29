import { LoaderCircle, MessagesSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { chatNote, readChatFile } from '../utils/chat-file';

/** A chat read from an export, as the form takes it: the text, WhatsApp when it is one, and what to tell the user. */
export interface ChatExportText {
  message: string;
  platform?: 'whatsapp';
  note: string;
}

export interface ChatExportInputProps {
  onUseText: (chat: ChatExportText) => void;
  disabled?: boolean;
}

/**
 * Open a WhatsApp chat export: the .txt, or the .zip with its media. The chat's text is read in this tab
 * (utils/chat-file.ts) and handed to the form; the file is never uploaded, and the media in a .zip is never
 * even read. A chat longer than one scan reads keeps its latest messages, and the note says how many.
 */
export function ChatExportInput({ onUseText, disabled = false }: ChatExportInputProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file || disabled) return;
    setError(null);
    setReading(true);
    const result = await readChatFile(file);
    setReading(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    const { chat } = result;
    onUseText({ message: chat.message, ...(chat.whatsapp ? { platform: 'whatsapp' as const } : {}), note: chatNote(chat) });
  };

  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
      {/* The native input stays focusable (sr-only, not display:none) so keyboard and screen-reader users reach it. */}
      <input
        id={`${id}-file`}
        type="file"
        accept=".txt,.zip,text/plain,application/zip"
        className="peer sr-only"
        disabled={disabled || reading}
        aria-label="Open a chat export"
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(event) => {
          void take(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Button
        asChild
        variant="outline"
        className="w-full peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 sm:w-auto"
      >
        <label htmlFor={`${id}-file`} aria-hidden="true">
          {reading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <MessagesSquare aria-hidden="true" />}
          Open a chat export
        </label>
      </Button>
      <p id={`${id}-hint`} className="min-w-0 flex-1 text-xs text-slate-600">
        A WhatsApp export (.txt, or the .zip with its media). Only the chat's text is read, on this device; photos and
        videos are never read or uploaded.
      </p>
      <p role="status" className="sr-only">
        {reading ? 'Reading the chat...' : ''}
      </p>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-700 sm:basis-full">
          {error}
        </p>
      ) : null}
    </div>
  );
}
