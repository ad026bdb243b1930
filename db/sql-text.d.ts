declare module '*.sql' {
  const text: string;
  export default text;
}

/** Binary files embedded in the compiled binary: the import is their path. */
declare module '*.bloom' {
  const path: string;
  export default path;
}
