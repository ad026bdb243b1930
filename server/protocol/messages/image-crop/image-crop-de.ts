// German messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "Bild zuschneiden",
  'image.cropText': "Ziehen Sie das Bild oder verschieben Sie es mit den Pfeiltasten; zoomen Sie mit dem Schieberegler.",
  'image.cropArea': "Zuschneidebereich",
  'image.zoom': "Zoom",
  'image.invalid': "Ungültiges Bild",
  'image.notJpeg': "Keine gültige JPEG-Datei",
  'image.tiffEndian': "Der TIFF-Header enthält eine ungültige Bytereihenfolge",
  'image.tiffVersion': "Der TIFF-Header enthält eine ungültige Version",
  'image.orientationType': "Der Datentyp der Ausrichtung ist ungültig",
  'image.orientationCount': "Die Datenanzahl der Ausrichtung ist ungültig",
  'image.tooLarge': "Das Bild konnte nicht auf 0,1 MB komprimiert werden.",
} satisfies Catalogue<ImageCropKey>;
