import type { FastifyRequest } from 'fastify';
import { DomainError } from './domain-error';
import { hasControlCharacter } from './text-input';

/** A form with at most one file: its bytes (cut at the limit, `tooLarge` then) and its name. */
export type MultipartForm = {
  file: { data: Buffer; tooLarge: boolean; filename: string } | null;
  fields: Record<string, string>;
};

/**
 * Reads a multipart form (the slip upload, chat uploads), stopping at `maxBytes` of file: the
 * file part named `fileField` and the named text fields; anything else is drained and ignored.
 * A request that is not multipart has no file. Fields a route needs before it can judge the
 * file (the conversation of a chat upload) come before the file in the form.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  options: { fileField: string; textFields: readonly string[]; maxBytes: number },
): Promise<MultipartForm> {
  const form: MultipartForm = { file: null, fields: {} };
  if (!request.isMultipart()) return form;
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files: 1, fields: 10, fieldSize: 1000, parts: 12 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A form sent without a chosen file carries an empty part with no name.
        if (part.fieldname !== options.fileField || (data.length === 0 && !part.filename)) {
          continue;
        }
        if (hasControlCharacter(part.filename)) {
          throw new DomainError('KEY_INVALID', { field: part.fieldname });
        }
        form.file = { data, tooLarge: part.file.truncated, filename: part.filename };
      } else if (options.textFields.includes(part.fieldname) && typeof part.value === 'string') {
        // The same rule as every other text the API takes (plugins/text-input.ts).
        if (hasControlCharacter(part.value)) {
          throw new DomainError('KEY_INVALID', { field: part.fieldname });
        }
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // The plugin's refusals carry their status (413: a second file); the parser's complaints
    // about a broken body (cut short, a wrong boundary) are the client's, not a fault of ours.
    if (error instanceof DomainError) throw error;
    if (typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new DomainError('KEY_INVALID');
  }
  return form;
}
