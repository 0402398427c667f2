import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('maintenance');
if (!entry) throw new Error('maintenance is not registered');
runModelPaths(entry);
