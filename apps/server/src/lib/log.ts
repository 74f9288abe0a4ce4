/**
 * What a service needs of the app's logger (pino's, through Fastify): structured fields first,
 * then the message. Services take it (or a Pick of it) so tests can hand them any logger.
 */
export type Log = {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
};
