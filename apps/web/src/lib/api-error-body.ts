import { describeMessage, errorBodySchema, type MessageRef } from "@routepilot/contracts";
import { ApiError, type ApiErrorKeys } from "@/lib/api-client";

/**
 * For the few requests that do not go through `apiRequest` (a multipart body, Better Auth's
 * client): their `ApiError` carries the keys the server named, read the way `apiRequest` reads
 * them (decision 028, "Server message codes"), so `errorMessage` and `localizedFields` show them
 * in the reader's language.
 */

/** The parts of an error body that name message keys (RoutePilot's `error`, or a flat body with the same fields). */
export type KeyedErrorBody = {
  key?: string | undefined;
  params?: Record<string, string> | undefined;
  fieldKeys?: Record<string, MessageRef> | undefined;
};

/**
 * The keys of a failure: the ones the body names; without them, those of `message` and `fields`
 * when they are contracts texts (a body the error mapper did not write, such as Better Auth's).
 */
export function errorKeysOf(body: KeyedErrorBody, message?: string, fields?: Record<string, string>): ApiErrorKeys {
  const ref: MessageRef | undefined = body.key ? { key: body.key, ...(body.params ? { params: body.params } : {}) } : message !== undefined ? describeMessage(message) : undefined;
  let fieldKeys = body.fieldKeys;
  if (!fieldKeys && fields) {
    const described = Object.entries(fields).flatMap(([field, text]): [string, MessageRef][] => {
      const fieldRef = describeMessage(text);
      return fieldRef ? [[field, fieldRef]] : [];
    });
    if (described.length > 0) fieldKeys = Object.fromEntries(described);
  }
  return { ref, fieldKeys };
}

/** The `ApiError` of a RoutePilot error body (`{ error: { code, message, key?, params?, fields?, fieldKeys? } }`), or `undefined` when `data` is not one. */
export function apiErrorFromBody(status: number, data: unknown): ApiError | undefined {
  const parsed = errorBodySchema.safeParse(data);
  if (!parsed.success) return undefined;
  const { code, message, fields } = parsed.data.error;
  return new ApiError(status, code, message, fields, errorKeysOf(parsed.data.error));
}
