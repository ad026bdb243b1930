// French messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "Recadrer l’image",
  'image.cropText': "Faites glisser l’image ou utilisez les flèches du clavier pour la déplacer ; zoomez avec le curseur.",
  'image.cropArea': "Zone de recadrage",
  'image.zoom': "Zoom",
  'image.invalid': "Image non valide",
  'image.notJpeg': "Ce n’est pas un JPEG valide",
  'image.tiffEndian': "L’en-tête TIFF indique un ordre des octets non valide",
  'image.tiffVersion': "L’en-tête TIFF indique une version non valide",
  'image.orientationType': "Le type de données de l’orientation n’est pas valide",
  'image.orientationCount': "Le nombre de données de l’orientation n’est pas valide",
  'image.tooLarge': "L’image n’a pas pu être compressée à 0,1 Mo.",
} satisfies Catalogue<ImageCropKey>;
