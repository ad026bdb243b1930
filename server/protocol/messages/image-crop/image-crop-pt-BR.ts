// Brazilian Portuguese messages of the image crop dialog (source: image-crop-en.ts).
import type { Catalogue } from '../message-format';
import type { ImageCropKey } from './image-crop-en';

export default {
  'image.crop': "Recortar imagem",
  'image.cropText': "Arraste a imagem ou use as setas do teclado para movê-la; use o controle deslizante para aplicar zoom.",
  'image.cropArea': "Área de recorte",
  'image.zoom': "Zoom",
  'image.invalid': "Imagem inválida",
  'image.notJpeg': "Não é um JPEG válido",
  'image.tiffEndian': "O cabeçalho TIFF tem uma ordem de bytes inválida",
  'image.tiffVersion': "O cabeçalho TIFF tem uma versão inválida",
  'image.orientationType': "O tipo de dado da orientação é inválido",
  'image.orientationCount': "A quantidade de dados da orientação é inválida",
  'image.tooLarge': "Não foi possível comprimir a imagem para 0,1 MB.",
} satisfies Catalogue<ImageCropKey>;
