import { machineEntry } from '../../../machines/index';
import { runModelPaths } from '../../support/modelPaths';

const entry = machineEntry('kba');
if (!entry) throw new Error('kba is not registered');
runModelPaths(entry);
