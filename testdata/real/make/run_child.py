# A parent script running a child that crashes under LLVM's handler.
import subprocess
import sys

subprocess.run([sys.argv[1]], check=True)
