import { machineEntry } from '../../machines/index';
import { runModelPaths } from '../support/modelPaths';

const entry = machineEntry('session');
if (!entry) throw new Error('session is not registered');
runModelPaths(entry);
