// The password strength estimator and its dictionaries (450 KB, mostly word lists): loaded with
// the first password checked.
export { ZxcvbnFactory } from '@zxcvbn-ts/core';
export { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
export { scoresBelowTwo, speedUpZxcvbn } from './zxcvbn-speedups';
