import { TRPCClientError } from '@trpc/client';
import { useIntl } from 'react-intl';
import { type AppErrorData, isAppErrorCode } from '#shared/errors';

/** The server's error code and details, or null for a network failure or a non-tRPC error. */
export function appErrorOf(error: unknown): AppErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as Partial<AppErrorData> | undefined;
  return data && isAppErrorCode(data.appCode) ? (data as AppErrorData) : null;
}

/** Translates any error to a sentence: server errors by code (never the raw message). */
export function useErrorText(): (error: unknown) => string {
  const intl = useIntl();
  return (error) => {
    const app = appErrorOf(error);
    return app
      ? intl.formatMessage({ id: `errors.${app.appCode}` }, app.meta)
      : intl.formatMessage({ id: 'common.networkError' });
  };
}
