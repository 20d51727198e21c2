// no fix-its
