import type { Catalogue } from '../message-format';
import type { ConsoleKey } from './console-en';
import en from './console-en';
export default en satisfies Catalogue<ConsoleKey>;
