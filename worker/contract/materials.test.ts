import { describe, expect, it } from 'vitest';
import { formatFileSize, materialTypeFromFileName, titleFromFileName } from './materials';

describe('formatFileSize (Bytes/KB/MB/GB, base 1024, 2 decimals)', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [5 * 1024 * 1024, '5 MB'],
    [52_428_800 + 12_345, '50.01 MB'],
    [3.256 * 1024 ** 3, '3.26 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes -> %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});

describe('upload names', () => {
  it('types files by extension, case-insensitively', () => {
    expect(materialTypeFromFileName('a.PDF')).toBe('PDF');
    expect(['x.mp4', 'x.webm', 'x.ogg'].map(materialTypeFromFileName)).toEqual(['VIDEO', 'VIDEO', 'VIDEO']);
    expect(['x.ppt', 'x.pptx'].map(materialTypeFromFileName)).toEqual(['PPT', 'PPT']);
    expect(['x.docx', 'x', 'pdf'].map(materialTypeFromFileName)).toEqual([null, null, null]);
  });
  it('defaults the title to the file name without its extension', () => {
    expect(titleFromFileName('Fire safety.v2.pdf')).toBe('Fire safety.v2');
    expect(titleFromFileName('C:\\docs\\Ladders.pptx')).toBe('Ladders');
  });
});
