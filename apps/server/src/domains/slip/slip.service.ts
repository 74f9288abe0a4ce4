import { createHash, randomUUID } from 'node:crypto';
import {
  checkSlipFile,
  SlipUploadFieldsSchema,
  type SlipUploadResponse,
} from '@wallet/contract/deposit';
import type { SlipNoteCode } from '@wallet/contract/errors';
import { fromMinor, toMinor } from '@wallet/contract/money';
import {
  type Slip,
  type SlipListRequest,
  type SlipListResponse,
  SlipNoteCodeSchema,
  type SlipReferenceResponse,
  TransactionStatusSchema,
} from '@wallet/contract/statement';
import { fileTypeFromBuffer } from 'file-type';
import { fingerprint, type Idempotency } from '../../core/idempotency/idempotency';
import { readSetting } from '../../core/settings/settings.repository';
import type { Db } from '../../db/client';
import { type CounterStore, spendOne } from '../../lib/counter-store';
import { DomainError } from '../../lib/domain-error';
import type { FileStorage } from '../../lib/file-storage';
import { imageDimensions, withinPixelBudget } from '../../lib/image-qr';
import type { Log } from '../../lib/log';
import type { MultipartForm } from '../../lib/multipart-form';
import type { SignedLinks } from '../../lib/signed-links';
import type { AuthContext } from '../auth/auth.service';
import {
  countSlips,
  findOwnSlipByReference,
  findSlip,
  insertSlip,
  listSlips,
  listUndecidedSlips,
  reviewSlip,
  type SlipRow,
} from './slip.repository';

/**
 * The multipart form as the route read it: the file part (null when the form had none, or an
 * empty part with no name: a form sent without choosing a file), whether it went past the size
 * limit (its bytes are then cut there), and the text fields.
 */
export type SlipForm = MultipartForm;

export type SlipServiceDeps = {
  db: Db;
  storage: FileStorage;
  links: SignedLinks;
  idempotency: Idempotency;
  counters: CounterStore;
  attemptsPerHour: number;
  /** SLIP_ATTEMPTS_PER_HOUR_PER_IP: uploads one address may send per hour, whoever signs in. */
  attemptsPerHourPerAddress: number;
  /** Hands a stored slip to the verification job. */
  queue: (slipId: number) => Promise<void>;
  /** The bank's once-only credit of a transfer (minor units), rewards included (slip.plugin.ts). */
  credit: (transfer: {
    reference: string;
    memberId: number;
    amount: number;
    currency: string;
  }) => Promise<{ credited: boolean; memberId: number; transactionId: number }>;
  log: Pick<Log, 'warn'>;
};

const extensions = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;

/**
 * Deposit slips (the spec's screens, entities and calls; docs/decisions/0043-slips.md): the upload, the
 * member's list, and the signed links to the pictures. The verification is SlipVerification's.
 */
export class SlipService {
  constructor(private readonly deps: SlipServiceDeps) {}

  /** The largest file the slip setting takes, in bytes (the route stops reading past it). */
  async maxBytes(): Promise<number> {
    const { maxSizeMb } = await readSetting(this.deps.db, 'slip');
    return Math.floor(maxSizeMb * 1024 * 1024);
  }

  /**
   * Counts an upload from `address` before its body is read, and refuses it past the hourly
   * limit (REQUEST_LIMIT): many accounts signed in from one address must not be able to keep
   * the slip reader busy. Generous, as players share carrier-grade NAT addresses (the API contract).
   */
  async admitAddress(address: string): Promise<void> {
    const { counters, attemptsPerHourPerAddress } = this.deps;
    await spendOne(
      counters,
      `slip-ip:${address}`,
      3_600_000,
      attemptsPerHourPerAddress,
      'REQUEST_LIMIT',
    );
  }

  /**
   * POST /api/wallet/slip under the request's Idempotency-Key: the same key and the same file
   * answer the first slip, with no second row. A refusal changes nothing: no row, no file.
   */
  async upload(
    auth: AuthContext,
    key: string | undefined,
    form: SlipForm,
  ): Promise<SlipUploadResponse> {
    const request = {
      file: form.file ? createHash('sha256').update(form.file.data).digest('hex') : null,
      ...form.fields,
    };
    const { slipId } = await this.deps.idempotency.run<{ slipId: number }>(
      auth.memberId,
      key,
      { hash: fingerprint('slip', request), request },
      () => this.store(auth.memberId, form),
      // A request cut before it answered moved no money: it may simply run again.
      { recover: async () => ({ rerun: true }) },
    );
    const slip = await findSlip(this.deps.db, slipId);
    if (!slip) throw new Error(`slip ${slipId} is gone`);
    return { success: true, slip: await this.toSlip(slip) };
  }

  private async store(memberId: number, form: SlipForm): Promise<{ slipId: number }> {
    const { db, storage, counters, log } = this.deps;
    // Counted before the file is looked at, so that bad files cost attempts too (Redis-backed
    // with REDIS_URL, like the gift-link limit).
    await spendOne(
      counters,
      `slip:${memberId}`,
      3_600_000,
      this.deps.attemptsPerHour,
      'REQUEST_LIMIT',
    );
    const { isActive, maxSizeMb } = await readSetting(db, 'slip');
    // The operator has closed the slip service (GET /api/lookup/slip): nothing is taken.
    if (!isActive) throw new DomainError('SLIP_UPLOAD_FAIL');
    const file = form.file;
    // The type is what the bytes are, never the name or the declared type a client sent.
    const detected = file ? await fileTypeFromBuffer(file.data) : undefined;
    const problem = checkSlipFile(
      file && { type: detected?.mime ?? 'application/octet-stream', size: file.data.length },
      maxSizeMb,
    );
    if (problem) throw new DomainError(problem);
    if (!file || file.tooLarge || !detected) throw new DomainError('SLIP_INVALID_FILE');
    // A picture of more pixels than the reader takes (a few kilobytes can claim 25 MP) is refused
    // from its header, before anything decodes it (lib/qr-image-decode.ts).
    const dimensions = imageDimensions(file.data);
    if (!dimensions || !withinPixelBudget(dimensions)) throw new DomainError('SLIP_INVALID_FILE');
    const fields = SlipUploadFieldsSchema.safeParse(form.fields);
    if (!fields.success) {
      throw new DomainError('KEY_INVALID', { field: String(fields.error.issues[0]?.path[0]) });
    }
    const contentType = detected.mime as keyof typeof extensions;
    const now = new Date();
    const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const fileKey = `slips/${month}/${randomUUID()}.${extensions[contentType]}`;
    try {
      await storage.put(fileKey, file.data);
    } catch (error) {
      log.warn({ err: error }, 'slip not stored');
      throw new DomainError('SLIP_UPLOAD_FAIL');
    }
    let slip: SlipRow;
    try {
      slip = await insertSlip(db, {
        memberId,
        fileKey,
        contentType,
        size: file.data.length,
        amount: fields.data.amount === undefined ? 0 : toMinor(fields.data.amount),
      });
    } catch (error) {
      await storage.remove(fileKey).catch(() => {});
      throw error;
    }
    // A job that cannot be queued now is not lost: the sweep verifies slips left processing.
    await this.deps.queue(slip.id).catch((error: unknown) => {
      log.warn({ err: error, slipId: slip.id }, 'slip verification not queued');
    });
    return { slipId: slip.id };
  }

  /** POST /api/statement/slip: the member's own slips, newest first. */
  async list(auth: AuthContext, request: SlipListRequest): Promise<SlipListResponse> {
    const { db } = this.deps;
    const offset = (request.page - 1) * request.limit;
    const [total, found] = await Promise.all([
      countSlips(db, auth.memberId),
      listSlips(db, auth.memberId, offset, request.limit),
    ]);
    return { total, slips: await Promise.all(found.map((slip) => this.toSlip(slip))) };
  }

  /** A member's latest slips with signed links to their pictures (the back office's member page). */
  async ofMember(memberId: number, limit = 20): Promise<Slip[]> {
    const found = await listSlips(this.deps.db, memberId, 0, limit);
    return Promise.all(found.map((slip) => this.toSlip(slip)));
  }

  /** GET /api/statement/slip/reference/{reference}: another member's reference is NO_DATA. */
  async imageUrl(auth: AuthContext, reference: string): Promise<SlipReferenceResponse> {
    const slip = await findOwnSlipByReference(this.deps.db, auth.memberId, reference);
    if (!slip) throw new DomainError('NO_DATA');
    return { url: await this.deps.links.url(slip.id) };
  }

  /** The picture behind a signed link; an altered or expired link is NO_DATA, as no slip is. */
  async image(
    slipId: number,
    expires: number,
    signature: string,
  ): Promise<{ data: Buffer; contentType: string }> {
    if (!(await this.deps.links.valid(slipId, expires, signature))) {
      throw new DomainError('NO_DATA');
    }
    const slip = await findSlip(this.deps.db, slipId);
    const data = slip ? await this.deps.storage.get(slip.fileKey) : null;
    if (!slip || !data) throw new DomainError('NO_DATA');
    return { data, contentType: slip.contentType };
  }

  /** Slips the verifier could not decide, for staff to look at (docs/backoffice.md). */
  async undecided() {
    const rows = await listUndecidedSlips(this.deps.db);
    return Promise.all(
      rows.map(async ({ slip, username, currency }) => ({
        id: slip.id,
        memberId: slip.memberId,
        username,
        currency,
        note: slip.note ?? '',
        createdAt: slip.createdAt.toISOString(),
        link: await this.deps.links.url(slip.id),
      })),
    );
  }

  /** One undecided slip's member and currency, or null (the money desk's request). */
  async undecidedSlip(slipId: number) {
    const [row] = await listUndecidedSlips(this.deps.db, 1, slipId);
    return row ? { memberId: row.slip.memberId, currency: row.currency } : null;
  }

  /** Staff refuse an undecided slip with a reason of the slip reason table: the member sees it. */
  async refuseByHand(slipId: number, note: SlipNoteCode, staffId: number): Promise<void> {
    const done = await reviewSlip(this.deps.db, slipId, {
      reviewedBy: staffId,
      status: 'failed',
      note,
    });
    if (!done) throw new DomainError('NO_DATA');
  }

  /**
   * Credits an undecided slip with what staff read off its picture (a second staff member has
   * approved it): the bank's once-only credit under the reference, as the verifier's would be,
   * so the bank feed reporting the same transfer credits nothing more. A reference credited
   * before to anyone is refused: that transfer already counted.
   */
  async creditByHand(
    slipId: number,
    transfer: { amount: number; reference: string; currency: string },
    staffId: number,
  ): Promise<{ transactionId: number }> {
    const { db } = this.deps;
    const slip = await findSlip(db, slipId);
    if (!slip) throw new DomainError('NO_DATA');
    const credit = await this.deps.credit({
      reference: transfer.reference,
      memberId: slip.memberId,
      amount: transfer.amount,
      currency: transfer.currency,
    });
    if (!credit.credited && credit.memberId !== slip.memberId) {
      throw new DomainError('KEY_INVALID', { field: 'reference' });
    }
    await reviewSlip(db, slipId, {
      reviewedBy: staffId,
      status: 'success',
      note: null,
      transactionId: credit.transactionId,
      reference: transfer.reference,
      amount: transfer.amount,
    });
    return credit;
  }

  private async toSlip(slip: SlipRow): Promise<Slip> {
    return {
      _id: String(slip.id),
      createdAt: slip.createdAt.toISOString(),
      amount: fromMinor(slip.amount),
      status: TransactionStatusSchema.parse(slip.status),
      note: slip.note === null ? null : SlipNoteCodeSchema.parse(slip.note),
      link: await this.deps.links.url(slip.id),
      reference: slip.reference ?? '',
    };
  }
}
