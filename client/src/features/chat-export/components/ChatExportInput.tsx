import { LoaderCircle, MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import { FilePickButton } from '@/components/ui/file-pick-button';
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
    onUseText({
      message: chat.message,
      ...(chat.whatsapp ? { platform: 'whatsapp' as const } : {}),
      note: chatNote(chat),
    });
  };

  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50/60 px-4 py-3 sm:flex sm:flex-wrap sm:items-center sm:gap-x-4">
      <FilePickButton
        label="Open a chat export"
        icon={
          reading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <MessagesSquare aria-hidden="true" />
        }
        accept=".txt,.zip,text/plain,application/zip"
        hint="A WhatsApp export (.txt, or the .zip with its media). Only the chat's text is read, on this device; photos and videos are never read or uploaded."
        hintClassName="min-w-0 flex-1 text-xs text-slate-600"
        error={error}
        disabled={disabled || reading}
        onFile={(file) => void take(file ?? undefined)}
      />
      <p role="status" className="sr-only">
        {reading ? 'Reading the chat...' : ''}
      </p>
    </div>
  );
}
