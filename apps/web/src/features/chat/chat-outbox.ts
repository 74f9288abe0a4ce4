import {
  type ChatAttachmentCheck,
  type ChatOutgoingMessage,
  type ChatSendRequest,
  chatTextToSend,
  checkChatAttachment,
} from '@wallet/contract/chat';
import { errorText } from '../../lib/errors';
import { sendChatMessage } from './api/send-chat-message';
import { uploadChatFile } from './api/upload-chat-file';
import type { ChatState, PendingMessage } from './chat-conversation';
import { type ChatIdentity, randomUuid } from './chat-identity';

type SetState = (update: (state: ChatState) => Partial<ChatState>) => void;

/** Frees the local preview of a picked file once its message no longer shows it. */
export function revokePreview(pending: PendingMessage): void {
  const url = pending.upload?.previewUrl;
  if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}

/**
 * The customer's messages on their way (SPEC.md sections 3, 4 and 5): each shows at once under a
 * fresh `deliver.id`, a file is uploaded with progress first, and a failed one can be sent
 * again (under the same id, which the server does not store twice) or removed. The echo that
 * ends its way is matched by the session (chat-session.ts).
 */
export class ChatOutbox {
  private readonly uploads = new Map<string, AbortController>();

  constructor(
    private readonly read: () => ChatState,
    private readonly set: SetState,
    private readonly identity: () => ChatIdentity,
  ) {}

  private sender(): Omit<ChatSendRequest, 'message'> {
    const identity = this.identity();
    return identity.kind === 'member'
      ? { userId: identity.userId, username: identity.username, name: identity.name }
      : { guestId: identity.guestId };
  }

  private find(deliverId: string): PendingMessage | undefined {
    return this.read().pending.find((p) => p.deliverId === deliverId);
  }

  private patch(deliverId: string, changes: Partial<PendingMessage>): void {
    this.set((state) => ({
      pending: state.pending.map((p) => (p.deliverId === deliverId ? { ...p, ...changes } : p)),
    }));
  }

  private enqueue(pending: PendingMessage): void {
    this.set((state) => ({ pending: [...state.pending, pending] }));
    void this.deliver(pending.deliverId);
  }

  private queue(build: (deliver: { id: string }) => ChatOutgoingMessage): void {
    const deliverId = randomUuid();
    this.enqueue({
      deliverId,
      createdAt: new Date().toISOString(),
      status: 'sending',
      progress: 0,
      outgoing: build({ id: deliverId }),
      upload: null,
      error: null,
    });
  }

  /** SPEC.md section 5: sends the trimmed text; nothing when empty or over 2000 characters. */
  sendText(text: string): boolean {
    const message = chatTextToSend(text);
    if (message === null) return false;
    this.queue((deliver) => ({ message_type: 'text', payload: { message }, deliver }));
    return true;
  }

  /** A postback button or quick reply: its title shows, its payload goes to the bot. */
  sendPostback(title: string, message: string): void {
    this.queue((deliver) => ({ message_type: 'postback', payload: { title, message }, deliver }));
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
      deliverId: randomUuid(),
      createdAt: new Date().toISOString(),
      status: 'uploading_file',
      progress: 0,
      outgoing: null,
      upload: { file, kind: check.kind, previewUrl },
      error: null,
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
        const identity = this.identity();
        const { path } = await uploadChatFile({
          file: upload.file,
          kind: upload.kind,
          guestId: identity.kind === 'guest' ? identity.guestId : undefined,
          onProgress: (progress) => this.patch(deliverId, { progress }),
          signal: controller.signal,
        }).finally(() => this.uploads.delete(deliverId));
        outgoing = {
          message_type: 'media',
          payload: { fileType: upload.kind, filePath: path, name: upload.file.name.slice(0, 255) },
          deliver: { id: deliverId },
        };
        this.patch(deliverId, { outgoing, progress: 1 });
      }
      if (!this.find(deliverId)) return;
      this.patch(deliverId, { status: 'sending', error: null });
      await sendChatMessage({ ...this.sender(), message: outgoing });
      this.patch(deliverId, { status: 'succeed' });
    } catch (error) {
      if (!this.find(deliverId)) return;
      this.patch(deliverId, { status: 'failed', error: errorText(error) });
    }
  }

  /** SPEC.md section 4: a failed upload or send is sent again under the same deliver id... */
  resend(deliverId: string): void {
    if (this.find(deliverId)?.status === 'failed') void this.deliver(deliverId);
  }

  /** ...or removed. */
  remove(deliverId: string): void {
    const item = this.find(deliverId);
    if (!item) return;
    this.uploads.get(deliverId)?.abort();
    revokePreview(item);
    this.set((state) => ({ pending: state.pending.filter((p) => p.deliverId !== deliverId) }));
  }

  /** Stops the uploads under way and frees the previews (the conversation ended). */
  dispose(): void {
    for (const controller of this.uploads.values()) controller.abort();
    for (const pending of this.read().pending) revokePreview(pending);
  }
}
