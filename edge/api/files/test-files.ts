/** Files for the file manager's tests (HTTP and Chromium): real PNGs, a renamed .exe, an SVG with script. */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A real PNG of `width` x `height`: a diagonal gradient of `rgb` (decodes, resizes). */
export function pngOf(width: number, height: number, rgb: [number, number, number] = [180, 90, 40]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const shade = (x + y) / (width + height);
      raw.set(rgb.map((v) => Math.round(v * (0.4 + shade * 0.6))), row + 1 + x * 3);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', new Uint8Array())]);
}

/** A PNG padded to `bytes` bytes with an ancillary chunk (still a PNG by content). */
export function paddedPng(bytes: number): Buffer {
  const png = pngOf(8, 8);
  const iend = png.subarray(png.length - 12);
  const pad = Buffer.alloc(bytes - png.length - 12);
  const filler = chunk('zPAD', pad);
  return Buffer.concat([png.subarray(0, png.length - 12), filler, iend]);
}

/** The start of a Windows program (an MZ header and its PE signature), whatever it is named. */
export function windowsProgram(): Buffer {
  const exe = Buffer.alloc(1024);
  exe.write('MZ', 0, 'ascii');
  exe.writeUInt32LE(0x80, 0x3c);
  exe.write('PE\0\0', 0x80, 'binary');
  exe.writeUInt16LE(0x14c, 0x84);
  return exe;
}

/** An SVG that would run script if a browser opened it as a page of the site. */
export const SCRIPTED_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><script>alert(document.cookie)</script><circle cx="20" cy="20" r="18" fill="#6a8"/></svg>`;
