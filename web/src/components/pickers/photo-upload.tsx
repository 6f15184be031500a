import clsx from 'clsx';
import { ImagePlus } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { type AppErrorCode, isAppErrorCode } from '#shared/errors';
import { LIMITS } from '#shared/limits';
import type { PhotoUrls, UploadKind } from '#shared/schemas/uploads';
import { toast } from '../../lib/toast';

export interface UploadResult {
  key: string;
  urls: PhotoUrls;
}

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'];
/** Some browsers (Chrome on Windows, older Android) give HEIC files no type at all. */
const UNTYPED_HEIC = /\.hei[cf]$/i;

/** Why an upload failed: the server's code, or NETWORK when no answer came. */
export class UploadError extends Error {
  constructor(
    readonly code: AppErrorCode | 'NETWORK',
    readonly meta?: Record<string, string | number>,
  ) {
    super(code);
    this.name = 'UploadError';
  }
}

/** The server's code, else one that fits the HTTP status (a proxy may answer without our JSON). */
function errorOf(status: number, body: unknown): UploadError {
  const { code, meta } = (body ?? {}) as { code?: unknown; meta?: Record<string, string | number> };
  if (isAppErrorCode(code)) return new UploadError(code, meta);
  if (status === 401) return new UploadError('UNAUTHENTICATED');
  if (status === 413) return new UploadError('UPLOAD_TOO_LARGE');
  if (status === 415) return new UploadError('UPLOAD_NOT_IMAGE');
  return new UploadError('UPLOAD_FAILED');
}

/** The checks the server makes too, done before sending anything. */
function checkFile(file: File): UploadError | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !(file.type === '' && UNTYPED_HEIC.test(file.name)))
    return new UploadError('UPLOAD_NOT_IMAGE');
  if (file.size > LIMITS.upload.maxBytes) return new UploadError('UPLOAD_TOO_LARGE');
  return null;
}

/**
 * Sends one photo to `POST /api/uploads?kind=…` (XMLHttpRequest, because fetch cannot report upload
 * progress). `onProgress` gets the sent share 0…1, then null while the server converts the image.
 * Rejects with an UploadError.
 */
export function uploadPhoto(
  file: File,
  kind: UploadKind,
  onProgress?: (sent: number | null) => void,
  signal?: AbortSignal,
): Promise<UploadResult> {
  const invalid = checkFile(file);
  if (invalid) return Promise.reject(invalid);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/uploads?kind=${encodeURIComponent(kind)}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress?.(null);
    xhr.onload = () => {
      if (xhr.status === 200 && xhr.response) resolve(xhr.response as UploadResult);
      else reject(errorOf(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new UploadError('NETWORK'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}

interface PhotoUploadProps {
  kind: UploadKind;
  onUploaded: (result: UploadResult) => void;
  label: string;
  /** A form's own message about the photo; an upload error is shown instead while there is one. */
  error?: string | undefined;
  id?: string | undefined;
  disabled?: boolean | undefined;
  /** Told when a photo starts and stops uploading, so a form can wait before saving. */
  onBusyChange?: ((busy: boolean) => void) | undefined;
}

type Status =
  { state: 'idle' } | { state: 'uploading'; sent: number | null } | { state: 'failed'; error: UploadError };

/**
 * A drop zone that is also a button: it opens the file chooser (the camera or gallery on phones) and
 * takes a dropped file on desktop. Shows the upload's progress, then a toast or the error.
 */
export function PhotoUpload({
  kind,
  onUploaded,
  label,
  error,
  id,
  disabled = false,
  onBusyChange,
}: PhotoUploadProps) {
  const intl = useIntl();
  const autoId = useId();
  const baseId = id ?? autoId;
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const busy = status.state === 'uploading';

  useEffect(() => () => abortRef.current?.abort(), []);

  const start = async (file: File) => {
    const controller = new AbortController();
    abortRef.current = controller;
    setStatus({ state: 'uploading', sent: 0 });
    onBusyChange?.(true);
    try {
      const result = await uploadPhoto(
        file,
        kind,
        (sent) => setStatus({ state: 'uploading', sent }),
        controller.signal,
      );
      setStatus({ state: 'idle' });
      toast.success(intl.formatMessage({ id: 'pickers.uploaded' }));
      onUploaded(result);
    } catch (failure) {
      if (controller.signal.aborted) return;
      setStatus({
        state: 'failed',
        error: failure instanceof UploadError ? failure : new UploadError('NETWORK'),
      });
    } finally {
      onBusyChange?.(false);
    }
  };

  const take = (file: File | undefined) => {
    if (file && !busy && !disabled) void start(file);
  };

  // Always handled, so a file dropped while busy is ignored instead of opened by the browser.
  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    const accepting = !busy && !disabled;
    event.dataTransfer.dropEffect = accepting ? 'copy' : 'none';
    setDragging(accepting);
  };
  const onDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  const failure = status.state === 'failed' ? status.error : null;
  const message = failure
    ? intl.formatMessage(
        { id: failure.code === 'NETWORK' ? 'common.networkError' : `errors.${failure.code}` },
        failure.meta,
      )
    : error;
  const labelId = `${baseId}-label`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const progressLabelId = `${baseId}-progress`;

  return (
    // The whole field takes drops, so a file dropped on it is never opened by the browser instead.
    <div className="flex flex-col gap-1.5" onDragOver={onDragOver} onDragLeave={onDragLeave} onDrop={onDrop}>
      <span id={labelId} className="text-body font-semibold text-foreground">
        {label}
      </span>
      <button
        type="button"
        id={baseId}
        disabled={disabled}
        // While busy the button stays focusable (aria-disabled), so the keyboard focus is not lost.
        aria-disabled={busy || undefined}
        // The field's label, then the button's own visible words (itself: its content, "ali jo povlecite sem"
        // where shown), so the name a screen reader or voice control uses contains all the visible text.
        aria-labelledby={`${labelId} ${baseId}`}
        aria-describedby={clsx(hintId, message && errorId)}
        aria-invalid={message ? true : undefined}
        onClick={() => {
          if (!busy) inputRef.current?.click();
        }}
        className={clsx(
          'flex min-h-28 w-full flex-col items-center justify-center gap-1 rounded-control border-2 border-dashed px-4 py-4 text-center transition-colors',
          'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-60',
          dragging
            ? 'border-primary bg-primary-soft'
            : message
              ? 'border-danger bg-danger-soft'
              : 'border-input bg-surface hover:bg-muted',
        )}
      >
        <ImagePlus aria-hidden="true" className="size-7 text-primary" />
        <span className="font-semibold text-foreground">
          {intl.formatMessage({ id: 'pickers.choosePhoto' })}
        </span>
        <span className="hidden text-caption text-muted-foreground md:block">
          {intl.formatMessage({ id: 'pickers.dropHere' })}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_TYPES.join(',')}
        disabled={disabled || busy}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = ''; // the same file can be chosen again after an error
        }}
      />
      <p id={hintId} className="text-caption text-muted-foreground">
        {intl.formatMessage({ id: 'pickers.photoFormats' }, { maxMb: LIMITS.upload.maxBytes / 1024 / 1024 })}
      </p>
      {status.state === 'uploading' && (
        <div className="flex flex-col gap-1">
          <p id={progressLabelId} className="text-caption text-muted-foreground">
            {status.sent === null
              ? intl.formatMessage({ id: 'pickers.processing' })
              : intl.formatMessage({ id: 'pickers.uploading' }, { progress: status.sent })}
          </p>
          <div
            role="progressbar"
            aria-labelledby={progressLabelId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={status.sent === null ? undefined : Math.round(status.sent * 100)}
            className="h-2 overflow-hidden rounded-pill bg-muted"
          >
            <div
              className={clsx(
                'h-full rounded-pill bg-primary transition-[width]',
                status.sent === null && 'animate-pulse',
              )}
              style={{ width: `${status.sent === null ? 100 : Math.round(status.sent * 100)}%` }}
            />
          </div>
        </div>
      )}
      {message && (
        <p id={errorId} role={failure ? 'alert' : undefined} className="text-caption font-medium text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
