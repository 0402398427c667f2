import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('recoverEmail');
if (!entry) throw new Error('recoverEmail is not registered');
runModelPaths(entry);
