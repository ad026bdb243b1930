// The English source of the image crop dialog's messages (My Profile's and the team pages'
// profile image), with the reasons a picture cannot be used. Loaded when the dialog opens, so
// the settings' first load does not carry them.
// Every other locale of this catalogue has exactly these keys and placeholders (test/i18n).
export const imageCropEn = {
  'image.crop': 'Crop image',
  'image.cropText': 'Drag the picture or use the arrow keys to move it; zoom with the slider.',
  'image.cropArea': 'Crop area',
  'image.zoom': 'Zoom',
  'image.invalid': 'Invalid image',
  'image.notJpeg': 'not a valid JPEG',
  'image.tiffEndian': 'TIFF header contains invalid endian',
  'image.tiffVersion': 'TIFF header contains invalid version',
  'image.orientationType': 'Orientation data type is invalid',
  'image.orientationCount': 'Orientation data count is invalid',
  'image.tooLarge': 'The image could not be compressed to 0.1 MB.',
} as const;

export type ImageCropKey = keyof typeof imageCropEn;

export default imageCropEn;
