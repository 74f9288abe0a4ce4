import type { ChatAttachmentCheck, ChatMessage, ChatPayload, Deliver } from '@wallet/contract/chat';
import { checkChatAttachment } from '@wallet/contract/chat';
import { errorText } from '../../lib/errors';
import { randomUuid } from '../../lib/random-uuid';

/**
 * Messages on their way, the one mechanism of the member's widget and the staff's back office
 * (the spec's entities, states and validation rules): each shows at once under a fresh `deliver.id`, a file is
 * uploaded with progress first, and a failed one can be sent again (under the same id, which
 * the server does not store twice) or removed. The echo that ends its way carries the same
 * `deliver.id` (`withoutEchoed`). Each side brings its own store and its upload and send calls.
 */

/** What a message says, as either side posts it (without its `deliver`). */
export type OutgoingBody = {
  message_type: ChatMessage['message']['message_type'];
  payload: ChatPayload;
};

/** The media message the outbox posts once a picked file is uploaded. */
export type MediaBody = {
  message_type: 'media';
  payload: { fileType: 'image' | 'video'; filePath: string; name: string };
};

/** A message not yet confirmed by its echo (the spec's entities delivery states). */
export type OutboxMessage<M extends OutgoingBody> = {
  /** The client's `deliver.id`, also the React key. */
  deliverId: string;
  createdAt: string;
  status: Deliver['status'];
  /** Upload progress, 0 to 1. */
  progress: number;
  /** What is posted; a media message has it once its file is uploaded. */
  outgoing: M | MediaBody | null;
  /** A media message's file, kept until it is uploaded (a failed upload is sent again from it). */
  upload: { file: File; kind: 'image' | 'video'; previewUrl: string | null } | null;
  /** Why it failed, in the reader's words. */
  error: string | null;
};

export type OutboxStore<M extends OutgoingBody> = {
  read: () => readonly OutboxMessage<M>[];
  write: (update: (pending: readonly OutboxMessage<M>[]) => OutboxMessage<M>[]) => void;
};

export type OutboxTransport<M extends OutgoingBody> = {
  /** Uploads a picked file; answers the path its media message carries. */
  upload: (
    file: File,
    kind: 'image' | 'video',
    options: { onProgress: (fraction: number) => void; signal: AbortSignal },
  ) => Promise<string>;
  /** Posts a message under its `deliver.id`. */
  send: (message: M | MediaBody, deliverId: string) => Promise<unknown>;
};

/** The pending messages whose echo is not among `messages`. */
export function withoutEchoed<P extends { deliverId: string }>(
  pending: readonly P[],
  messages: readonly ChatMessage[],
): P[] {
  const echoed = new Set(messages.map((m) => m.message.deliver.id));
  const left = pending.filter((p) => !echoed.has(p.deliverId));
  return left.length === pending.length ? (pending as P[]) : left;
}

/** Frees the local preview of a picked file once its message no longer shows it. */
export function revokePreview(pending: OutboxMessage<OutgoingBody>): void {
  const url = pending.upload?.previewUrl;
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

export class Outbox<M extends OutgoingBody> {
  private readonly uploads = new Map<string, AbortController>();

  constructor(
    private readonly store: OutboxStore<M>,
    private readonly transport: OutboxTransport<M>,
  ) {}

  private find(deliverId: string): OutboxMessage<M> | undefined {
    return this.store.read().find((p) => p.deliverId === deliverId);
  }

  private patch(deliverId: string, changes: Partial<OutboxMessage<M>>): void {
    this.store.write((pending) =>
      pending.map((p) => (p.deliverId === deliverId ? { ...p, ...changes } : p)),
    );
  }

  private enqueue(item: Omit<OutboxMessage<M>, 'deliverId' | 'createdAt' | 'progress' | 'error'>) {
    const deliverId = randomUuid();
    const pending = { deliverId, createdAt: new Date().toISOString(), progress: 0, error: null };
    this.store.write((list) => [...list, { ...pending, ...item }]);
    void this.deliver(deliverId);
    return deliverId;
  }

  /** Shows the message at once and posts it; answers its `deliver.id`. */
  send(message: M): string {
    return this.enqueue({ status: 'sending', outgoing: message, upload: null });
  }

  /**
   * A picked file: refused as the server would refuse it, else shown at once and uploaded with
   * progress, then sent as a media message.
   */
  attach(file: File): ChatAttachmentCheck {
    const check = checkChatAttachment(file);
    if (!check.ok) return check;
    const previewUrl = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
    this.enqueue({
      status: 'uploading_file',
      outgoing: null,
      upload: { file, kind: check.kind, previewUrl },
    });
    return check;
  }

  /** Uploads the file if it has not been, then posts; the same path serves a resend. */
  private async deliver(deliverId: string): Promise<void> {
    const item = this.find(deliverId);
    if (!item) return;
    try {
      let outgoing = item.outgoing;
      if (!outgoing) {
        const upload = item.upload;
        if (!upload) return;
        this.patch(deliverId, { status: 'uploading_file', progress: 0, error: null });
        const controller = new AbortController();
        this.uploads.set(deliverId, controller);
        const filePath = await this.transport
          .upload(upload.file, upload.kind, {
            onProgress: (progress) => this.patch(deliverId, { progress }),
            signal: controller.signal,
          })
          .finally(() => this.uploads.delete(deliverId));
        const media: MediaBody = {
          message_type: 'media',
          payload: { fileType: upload.kind, filePath, name: upload.file.name.slice(0, 255) },
        };
        outgoing = media;
        // Kept, so a resend after a failed send does not upload the file again.
        this.patch(deliverId, { outgoing, progress: 1 });
      }
      if (!this.find(deliverId)) return;
      this.patch(deliverId, { status: 'sending', error: null });
      await this.transport.send(outgoing, deliverId);
      this.patch(deliverId, { status: 'succeed' });
    } catch (error) {
      if (!this.find(deliverId)) return;
      this.patch(deliverId, { status: 'failed', error: errorText(error) });
    }
  }

  /** The spec's states: a failed upload or send is sent again under the same deliver id... */
  resend(deliverId: string): void {
    if (this.find(deliverId)?.status === 'failed') void this.deliver(deliverId);
  }

  /** ...or removed (also how a message leaves once its echo is held). */
  remove(deliverId: string): void {
    const item = this.find(deliverId);
    if (!item) return;
    this.uploads.get(deliverId)?.abort();
    revokePreview(item);
    this.store.write((pending) => pending.filter((p) => p.deliverId !== deliverId));
  }

  /** Stops the uploads under way and frees the previews (the conversation ended). */
  dispose(): void {
    for (const controller of this.uploads.values()) controller.abort();
    for (const pending of this.store.read()) revokePreview(pending);
  }
}
