import { describe, expect, it } from 'vitest';
import { cleanFileName, FILE_MESSAGES, formatFileSize, looksLikeSvg, MAX_UPLOAD_BYTES, sizeProblem, sniffFormat } from './file-rules.js';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe('sizes in SPEC §9 units', () => {
  it('reads 1e6 bytes as a megabyte and 1,024 bytes as a kilobyte', () => {
    expect(formatFileSize(20_000_000)).toBe('20 MB');
    expect(formatFileSize(2_500_000)).toBe('2.5 MB');
    expect(formatFileSize(512 * 1024)).toBe('512 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(999_999)).toBe('977 KB');
    expect(formatFileSize(900)).toBe('900 bytes');
  });

  it('says a file is too large only past its format limit, with SPEC text', () => {
    expect(sizeProblem('a.png', 'png', 20_000_000)).toBeUndefined();
    expect(sizeProblem('a.png', 'png', 20_000_001)).toBe('The file a.png is too large. The maximum allowed file size is 20 MB.');
    expect(sizeProblem('b.svg', 'svg', 512 * 1024 + 1)).toBe(FILE_MESSAGES.tooLarge('b.svg', '512 KB'));
    expect(MAX_UPLOAD_BYTES).toBe(20_000_000);
  });
});

describe('formats by content', () => {
  it('knows the signatures of the formats it takes', () => {
    expect(sniffFormat(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpg');
    expect(sniffFormat(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffFormat(bytes('GIF89a'))).toBe('gif');
    expect(sniffFormat(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '))).toBe('webp');
    expect(sniffFormat(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('avif');
    expect(sniffFormat(bytes('%PDF-1.7'))).toBe('pdf');
    expect(sniffFormat(bytes('<?xml version="1.0"?>\n<!-- made by hand -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe('svg');
  });

  it('refuses programs, HTML and text whatever they are named', () => {
    expect(sniffFormat(bytes('MZ', 0x90, 0))).toBeUndefined();
    expect(sniffFormat(bytes('<html><body><svg></svg></body></html>'))).toBeUndefined();
    expect(sniffFormat(bytes('just words'))).toBeUndefined();
    expect(looksLikeSvg(bytes('<svgfoo>'))).toBe(false);
  });
});

it('cleans a file name: no folders, no control characters, spaces collapsed', () => {
  expect(cleanFileName('C:\\Users\\me\\My   photo.png')).toBe('My photo.png');
  expect(cleanFileName('../../etc/passwd')).toBe('passwd');
  expect(cleanFileName(' a\u0000b\nc.png ')).toBe('abc.png');
  expect(cleanFileName('   ')).toBe('');
  expect(cleanFileName('x'.repeat(300))).toHaveLength(200);
});
