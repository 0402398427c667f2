import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('passwordReset');
if (!entry) throw new Error('passwordReset is not registered');
runModelPaths(entry);
