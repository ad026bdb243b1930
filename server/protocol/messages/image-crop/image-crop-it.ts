// Italian messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "Ritaglia immagine",
  'image.cropText': "Trascina l’immagine o usa i tasti freccia per spostarla; ingrandisci con il cursore.",
  'image.cropArea': "Area di ritaglio",
  'image.zoom': "Zoom",
  'image.invalid': "Immagine non valida",
  'image.notJpeg': "Non è un JPEG valido",
  'image.tiffEndian': "L’intestazione TIFF ha un ordine dei byte non valido",
  'image.tiffVersion': "L’intestazione TIFF ha una versione non valida",
  'image.orientationType': "Il tipo di dati dell’orientamento non è valido",
  'image.orientationCount': "Il numero di dati dell’orientamento non è valido",
  'image.tooLarge': "Non è stato possibile comprimere l’immagine a 0,1 MB.",
} satisfies Catalogue<ImageCropKey>;
