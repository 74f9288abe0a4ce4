import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../lib/domain-error';
import { controlCharacterAt } from '../lib/text-input';

/**
 * Every text the API takes, in one place: path parameters, the query and a parsed body are
 * walked before validation, and a string (or key) holding NUL or another control character is
 * refused with `400 KEY_INVALID` naming the field. PostgreSQL refuses NUL in text, so without
 * this a `%00` in a path became a 500; the other controls have no place in any field we keep.
 * Multipart fields are checked where the form is read (lib/multipart-form.ts).
 */
export const textInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      for (const value of [request.params, request.query, request.body]) {
        const field = controlCharacterAt(value);
        if (field !== null) throw new DomainError('KEY_INVALID', field === '' ? {} : { field });
      }
    });
  },
  { name: 'text-input' },
);
