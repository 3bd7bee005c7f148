[out:json];
/* a user */ way[amenity=cafe][name!~"^x"](around:100,60.171,24.941); // comment
out tags center qt;