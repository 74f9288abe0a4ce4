import type { StaffOutgoingMessage } from '@wallet/contract/backoffice';
import type { Deliver } from '@wallet/contract/chat';
import { create } from 'zustand';

/**
 * Messages staff has sent that the conversation's history does not hold yet: shown at the end
 * of the conversation with their delivery status (SPEC.md section 3: uploading_file, sending,
 * failed, succeed) until the socket's echo, or the history, brings the stored message with the
 * same `deliver.id`. They live outside the screen so switching conversations keeps them.
 */
export type OutboxAttachment = {
  file: File;
  kind: 'image' | 'video';
  /** A local link to the file, to show it while it uploads (empty where the browser has none). */
  previewUrl: string;
  /** 0 to 1. */
  progress: number;
};

export type OutboxEntry = {
  deliverId: string;
  conversationId: number;
  status: Deliver['status'];
  createdAt: string;
  /** What goes to the server; a media message has it once its file is uploaded. */
  message: StaffOutgoingMessage | null;
  attachment: OutboxAttachment | null;
  /** The translated failure, while `status` is failed. */
  error: string | null;
};

type OutboxState = {
  entries: OutboxEntry[];
  add: (entry: OutboxEntry) => void;
  update: (deliverId: string, patch: Partial<OutboxEntry>) => void;
  remove: (deliverIds: string[]) => void;
};

function revokePreview(entry: OutboxEntry): void {
  if (entry.attachment?.previewUrl) URL.revokeObjectURL(entry.attachment.previewUrl);
}

export const useOutbox = create<OutboxState>()((set) => ({
  entries: [],
  add: (entry) => set((s) => ({ entries: [...s.entries, entry] })),
  update: (deliverId, patch) =>
    set((s) => ({
      entries: s.entries.map((e) => (e.deliverId === deliverId ? { ...e, ...patch } : e)),
    })),
  remove: (deliverIds) =>
    set((s) => {
      const gone = new Set(deliverIds);
      for (const entry of s.entries) if (gone.has(entry.deliverId)) revokePreview(entry);
      return { entries: s.entries.filter((e) => !gone.has(e.deliverId)) };
    }),
}));

export function getOutboxEntry(deliverId: string): OutboxEntry | undefined {
  return useOutbox.getState().entries.find((e) => e.deliverId === deliverId);
}

/** On sign-out: nothing of one staff member's work is left for the next. */
export function clearOutbox(): void {
  const { entries, remove } = useOutbox.getState();
  remove(entries.map((e) => e.deliverId));
}
