import { keepTickObjectShape } from './tick-shape.ts';

// Imported first by the entry points (server, worker) for this side effect.
keepTickObjectShape();
