import type { Socket } from 'node:net';
import type { ApiErrorBody, ErrorCode } from '@trustleaf/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { oneOfValues, VALIDATION_MESSAGES } from '@trustleaf/domain/schemas/common';
import {
  issueKey,
  issueParams,
  validationIssues,
  type KeyedMessage,
  type ValidationIssue,
} from '@trustleaf/domain/validation-issues';
import { AppError } from '../lib/errors.ts';
import { NOT_UTF8_CODE, NOT_UTF8_MESSAGE } from '../lib/json-body.ts';

function body(code: ErrorCode, message: string, requestId: string, details?: unknown): ApiErrorBody {
  return { messages: [message], code, requestId, ...(details === undefined ? {} : { details }) };
}

const CODE_BY_CLIENT_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'VALIDATION_FAILED',
  415: 'VALIDATION_FAILED',
  429: 'RATE_LIMITED',
};

/**
 * PostgreSQL data exceptions (SQLSTATE class 22) that only a value sent by the client can cause. The
 * schemas refuse such values first (NUL-free strings, integers within PostgreSQL's range); this is the
 * safety net for any that slip through, answered as the client's error, never as a 500.
 */
const DATA_ERROR_MESSAGES: Record<string, string> = {
  '22P05': 'A value contains a character that cannot be stored (NUL)',
  '22021': 'A value contains a character that cannot be stored (NUL)',
  '22003': 'A number is out of range',
  '22P02': 'A value is not in the expected format',
  '22001': 'A value is too long',
};

/** The SQLSTATE of a PostgreSQL error, however deep the query builder wrapped it (`cause`). */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const { code, severity, cause } = current as { code?: unknown; severity?: unknown; cause?: unknown };
    if (typeof code === 'string' && typeof severity === 'string') return code;
    current = cause;
  }
  return undefined;
}

/**
 * A refusal's details in the one shape `{ issues: [{ field, message, key }] }` (STYLE §5), whatever the
 * service sent: issues as they are, a single `field` as that field's issue, anything else as an issue
 * of the input as a whole. Other facts the service added (`reason`, `triesLeft`…) are kept beside.
 */
function validationDetails(message: string, details: unknown): Record<string, unknown> {
  const extra = details && typeof details === 'object' ? (details as Record<string, unknown>) : {};
  const given = validationIssues(details);
  if (given.length > 0) return { ...extra, issues: given };
  const { field, ...rest } = extra;
  const issue: ValidationIssue = {
    field: typeof field === 'string' ? field : '',
    message,
    key: issueKey('custom'),
  };
  return { ...rest, issues: [issue] };
}

/** The only place where errors become HTTP responses (STYLE §5). 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(answerError);
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
};

/**
 * Fastify's `frameworkErrors` option: the router's refusals of an address (a broken percent-encoding,
 * a path parameter over its length) answer in the API's error shape, not Fastify's own.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const message = FRAMEWORK_MESSAGES[error.code];
  void answerError(message ? Object.assign(error, { message }) : error, request, reply);
}

/** Why Node's HTTP parser refused a request before Fastify saw it, as status and message. */
const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: "The request's headers are too large",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'The request took too long to arrive',
  },
};
const MALFORMED_REQUEST = { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser refuses (headers over the size
 * limit, a request that never finished arriving, broken HTTP) answers in the API's error shape, with
 * a request id from the app's own sequence and the API's security headers, not Fastify's own body.
 * There is no request object yet, so the answer is written to the socket, which is then closed.
 */
export function clientErrors(
  requestId: () => string,
  headers: Readonly<Record<string, string>>,
): (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) => void {
  return function clientError(this: FastifyInstance, error, socket) {
    // A reset connection has no one left to answer (as Fastify's default handler).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, reason, message } = CLIENT_ERRORS[error.code ?? ''] ?? MALFORMED_REQUEST;
    const id = requestId();
    this.log.debug({ err: error, requestId: id }, 'client error');
    if (socket.writable) {
      const payload = JSON.stringify(
        body('VALIDATION_FAILED', message, id, validationDetails(message, undefined)),
      );
      const lines = [
        `HTTP/1.1 ${status} ${reason}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(payload)}`,
        'connection: close',
        ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    }
    socket.destroy(error);
  };
}

/** What the request held at an issue's path: the body, query or path parameters the schema refused. */
function sentAt(request: FastifyRequest, context: string | undefined, path: string[]): unknown {
  const root: unknown =
    context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
  let current = root;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}

/**
 * A field left out is refused as missing, with the spec's required messages (spec 3 §5: 'Email address
 * is required', 'Password is required', else 'This field is required'), not as zod's "expected string,
 * received undefined".
 */
const REQUIRED_BY_FIELD: Record<string, KeyedMessage> = {
  email: VALIDATION_MESSAGES.emailRequired,
  password: VALIDATION_MESSAGES.passwordRequired,
  confirmPassword: VALIDATION_MESSAGES.confirmPasswordRequired,
};

function answerError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    const details =
      error.code === 'VALIDATION_FAILED' ? validationDetails(error.message, error.details) : error.details;
    return reply.status(error.status).send(body(error.code, error.message, request.id, details));
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => {
      const path = issue.instancePath.split('/').filter(Boolean);
      const field = path.join('.');
      const name = path.at(-1);
      if (
        (issue.keyword === 'invalid_type' || issue.keyword === 'invalid_value') &&
        name !== undefined &&
        sentAt(request, error.validationContext, path) === undefined
      ) {
        const required = REQUIRED_BY_FIELD[name] ?? VALIDATION_MESSAGES.required;
        return { field, message: required.message, key: required.key };
      }
      const allowed = issue.params.values;
      // zod's own 'Invalid option: expected one of …' (and 'Invalid input: expected "REJECT"' for an
      // enumeration of one value) has no key: a client could not translate it. A schema's own message
      // for its values ('Must be true or false') is kept.
      if (
        issue.keyword === 'invalid_value' &&
        /^Invalid (option|input: expected)/.test(issue.message ?? '') &&
        Array.isArray(allowed) &&
        allowed.length > 0
      ) {
        return { field, ...oneOfValues(allowed as string[]) };
      }
      const given = issue.params.params;
      const params = issueParams(given);
      const keyed = { field, message: issue.message, key: issueKey(issue.keyword, given) };
      return params ? { ...keyed, params } : keyed;
    });
    const first = issues[0];
    const where = error.validationContext === 'querystring' ? 'query' : error.validationContext;
    const message = first ? `${first.field || where}: ${first.message}` : 'Invalid request';
    return reply.status(400).send(body('VALIDATION_FAILED', message, request.id, { issues }));
  }
  const sqlState = sqlStateOf(error);
  const dataError = sqlState ? DATA_ERROR_MESSAGES[sqlState] : undefined;
  if (dataError) {
    // The failed statement and its parameters stay out of the log: they may carry secrets.
    request.log.warn({ sqlState, url: request.routeOptions.url }, 'database refused a client value');
    return reply
      .status(400)
      .send(body('VALIDATION_FAILED', dataError, request.id, validationDetails(dataError, undefined)));
  }
  const status = error.statusCode ?? 500;
  if (status === 400 && error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    const message = 'Request body is empty';
    return reply
      .status(400)
      .send(body('VALIDATION_FAILED', message, request.id, validationDetails(message, undefined)));
  }
  if (status === 400 && error instanceof SyntaxError) {
    const message = 'Request body is not valid JSON';
    return reply
      .status(400)
      .send(body('VALIDATION_FAILED', message, request.id, validationDetails(message, undefined)));
  }
  if (status === 413) {
    return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'Request body is too large', request.id));
  }
  if (status === 415) {
    const message = error.code === NOT_UTF8_CODE ? NOT_UTF8_MESSAGE : 'Unsupported content type';
    return reply
      .status(415)
      .send(body('VALIDATION_FAILED', message, request.id, validationDetails(message, undefined)));
  }
  const clientCode = CODE_BY_CLIENT_STATUS[status];
  if (status < 500 && clientCode) {
    const details =
      clientCode === 'VALIDATION_FAILED' ? validationDetails(error.message, undefined) : undefined;
    return reply.status(status).send(body(clientCode, error.message, request.id, details));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(body('INTERNAL', 'Something went wrong', request.id));
}
