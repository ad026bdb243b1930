// Reads the EXIF orientation (1–8) of a JPEG, so a phone photo can be turned upright before it is
// cropped. A file that is not a JPEG, or whose EXIF block is broken, fails with Stack's
// messages: 'not a valid JPEG', 'TIFF header contains invalid endian', 'TIFF header contains
// invalid version', 'Orientation data type is invalid', 'Orientation data count is invalid'.

export class ImageOrientationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageOrientationError';
  }
}

const exifHeader = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00]; // "Exif\0\0"
const orientationTag = 0x0112;
const shortType = 3;

export function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

/** 1 (upright) when the JPEG carries no orientation; throws ImageOrientationError for broken files. */
export function readJpegOrientation(bytes: Uint8Array): number {
  if (!isJpeg(bytes)) throw new ImageOrientationError('not a valid JPEG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const within = (offset: number, length: number) => offset >= 0 && offset + length <= bytes.length;
  let offset = 2;
  while (within(offset, 4)) {
    if (bytes[offset] !== 0xff) throw new ImageOrientationError('not a valid JPEG');
    const marker = bytes[offset + 1]!;
    // Start of scan or end of image: the metadata segments are behind us.
    if (marker === 0xda || marker === 0xd9) return 1;
    const segmentLength = view.getUint16(offset + 2);
    if (segmentLength < 2 || !within(offset + 2, segmentLength)) throw new ImageOrientationError('not a valid JPEG');
    if (marker === 0xe1 && exifHeader.every((byte, i) => bytes[offset + 4 + i] === byte)) {
      return orientationFromTiff(view, offset + 10, offset + 2 + segmentLength);
    }
    offset += 2 + segmentLength;
  }
  return 1;
}

function orientationFromTiff(view: DataView, tiffStart: number, segmentEnd: number): number {
  const readable = (offset: number, length: number) => offset >= tiffStart && offset + length <= segmentEnd;
  if (!readable(tiffStart, 8)) throw new ImageOrientationError('not a valid JPEG');
  const byteOrder = view.getUint16(tiffStart);
  if (byteOrder !== 0x4949 && byteOrder !== 0x4d4d) throw new ImageOrientationError('TIFF header contains invalid endian');
  const littleEndian = byteOrder === 0x4949;
  if (view.getUint16(tiffStart + 2, littleEndian) !== 42) throw new ImageOrientationError('TIFF header contains invalid version');
  const directory = tiffStart + view.getUint32(tiffStart + 4, littleEndian);
  if (!readable(directory, 2)) throw new ImageOrientationError('not a valid JPEG');
  const entryCount = view.getUint16(directory, littleEndian);
  for (let i = 0; i < entryCount; i++) {
    const entry = directory + 2 + i * 12;
    if (!readable(entry, 12)) throw new ImageOrientationError('not a valid JPEG');
    if (view.getUint16(entry, littleEndian) !== orientationTag) continue;
    if (view.getUint16(entry + 2, littleEndian) !== shortType) throw new ImageOrientationError('Orientation data type is invalid');
    if (view.getUint32(entry + 4, littleEndian) !== 1) throw new ImageOrientationError('Orientation data count is invalid');
    const orientation = view.getUint16(entry + 8, littleEndian);
    return orientation >= 1 && orientation <= 8 ? orientation : 1;
  }
  return 1;
}
