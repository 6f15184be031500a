/** Where photo files live. Keys are server-made paths such as `dogs/<random>_thumb.webp`. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Removes the objects; missing ones are not an error. */
  remove(keys: readonly string[]): Promise<void>;
  /** The address a browser loads the object from. */
  url(key: string): string;
  /** Origin to allow in the page's img-src, when objects are served from elsewhere. */
  readonly origin?: string;
}
