// The task lifecycle suite on the default store, in one process.
import { memoryTaskStore } from '../../../src/index.js';
import { taskLifecycleSuite } from './lifecycle-suite.js';

taskLifecycleSuite('memory', async (options) => memoryTaskStore(options));
