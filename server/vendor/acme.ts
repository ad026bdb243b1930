// acme-client (with axios, node-forge and @peculiar/x509 behind it): loaded only by `authd serve
// --domain`, when the first certificate is read or ordered.
export * as acme from 'acme-client';
