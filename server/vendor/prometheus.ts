// prom-client, for `authd serve --metrics` only: a server without --metrics never loads it.
export { Counter, Gauge, Histogram, Registry } from 'prom-client';
