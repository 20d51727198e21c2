// Marks this directory as a C++ standard library (libstdc++ has this file).
