// Spanish messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "Recortar imagen",
  'image.cropText': "Arrastra la imagen o usa las flechas del teclado para moverla; haz zoom con el control deslizante.",
  'image.cropArea': "Área de recorte",
  'image.zoom': "Zoom",
  'image.invalid': "Imagen no válida",
  'image.notJpeg': "No es un JPEG válido",
  'image.tiffEndian': "El encabezado TIFF tiene un orden de bytes no válido",
  'image.tiffVersion': "El encabezado TIFF tiene una versión no válida",
  'image.orientationType': "El tipo de dato de la orientación no es válido",
  'image.orientationCount': "La cantidad de datos de la orientación no es válida",
  'image.tooLarge': "No se pudo comprimir la imagen a 0,1 MB.",
} satisfies Catalogue<ImageCropKey>;
