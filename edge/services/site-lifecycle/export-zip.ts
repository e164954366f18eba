import type { R2Bucket, R2MultipartUpload, R2UploadedPart } from '@cloudflare/workers-types';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** R2 multipart parts must all be one size except the last (and at least 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * A zip written straight into R2 while it is built (fflate's streaming Zip): entries are pushed
 * piece by piece and every full PART_BYTES of output goes up as a multipart part, so memory
 * stays about one part however large the site. A zip smaller than one part is one plain put.
 */
export class R2ZipWriter {
  private readonly zip: Zip;
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private upload: R2MultipartUpload | undefined;
  private readonly parts: R2UploadedPart[] = [];
  private failure: Error | undefined;
  private size = 0;

  constructor(
    private readonly files: R2Bucket,
    private readonly key: string,
  ) {
    this.zip = new Zip((err, chunk) => {
      if (err) this.failure = err;
      else {
        this.pending.push(chunk);
        this.pendingBytes += chunk.length;
        this.size += chunk.length;
      }
    });
  }

  /** A text entry (JSON, CSV), deflated. */
  async addText(name: string, text: string): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    entry.push(new TextEncoder().encode(text), true);
    await this.flush(false);
  }

  /** A text entry written as it is generated (the CSV exports read a page of rows at a time). */
  async addLines(name: string, lines: AsyncIterable<string>, prefix = ''): Promise<void> {
    const entry = new ZipDeflate(name, { level: 6 });
    this.zip.add(entry);
    const encoder = new TextEncoder();
    if (prefix) entry.push(encoder.encode(prefix));
    for await (const part of lines) {
      entry.push(encoder.encode(part));
      await this.flush(false);
    }
    entry.push(new Uint8Array(0), true);
    await this.flush(false);
  }

  /** A stored (not recompressed) entry from a stream: files are mostly images, already compressed. */
  async addStream(name: string, body: ReadableStream<Uint8Array>): Promise<void> {
    const entry = new ZipPassThrough(name);
    this.zip.add(entry);
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value);
      await this.flush(false);
    }
    entry.push(new Uint8Array(0), true);
    await this.flush(false);
  }

  /** Ends the zip and its upload; answers its size in bytes. */
  async finish(): Promise<number> {
    this.zip.end();
    await this.flush(true);
    return this.size;
  }

  /** Aborts a multipart upload after a failure (nothing is left half-written under the key). */
  async abort(): Promise<void> {
    await this.upload?.abort().catch(() => undefined);
  }

  private take(bytes: number): Uint8Array {
    const out = new Uint8Array(bytes);
    let at = 0;
    while (at < bytes) {
      const head = this.pending[0]!;
      const n = Math.min(head.length, bytes - at);
      out.set(head.subarray(0, n), at);
      at += n;
      if (n === head.length) this.pending.shift();
      else this.pending[0] = head.subarray(n);
    }
    this.pendingBytes -= bytes;
    return out;
  }

  private async flush(final: boolean): Promise<void> {
    if (this.failure) throw this.failure;
    while (this.pendingBytes >= PART_BYTES && (this.pendingBytes > PART_BYTES || !final)) {
      this.upload ??= await this.files.createMultipartUpload(this.key, { httpMetadata: { contentType: 'application/zip' } });
      this.parts.push(await this.upload.uploadPart(this.parts.length + 1, this.take(PART_BYTES)));
    }
    if (!final) return;
    const rest = this.take(this.pendingBytes);
    if (!this.upload) {
      await this.files.put(this.key, rest, { httpMetadata: { contentType: 'application/zip' } });
      return;
    }
    if (rest.length > 0) this.parts.push(await this.upload.uploadPart(this.parts.length + 1, rest));
    await this.upload.complete(this.parts);
  }
}
