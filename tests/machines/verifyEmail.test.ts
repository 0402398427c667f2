import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('verifyEmail');
if (!entry) throw new Error('verifyEmail is not registered');
runModelPaths(entry);
